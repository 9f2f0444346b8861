package org.vireo.scanner.internal.proxy;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import org.vireo.scanner.FtpStats;
import org.vireo.scanner.ProxyStats;
import org.vireo.scanner.ProxyStatsSource;

/** The running proxy's counters as a service of the scanner's API (the proxy component itself is internal). */
@Component(service = ProxyStatsSource.class)
public class ProxyStatsService implements ProxyStatsSource {

    @Reference
    private ProxyComponent proxy;

    @Override
    public ProxyStats stats() {
        return proxy.counters().stats(proxy.address().isPresent());
    }

    @Override
    public FtpStats ftp() {
        return proxy.ftpCounters().stats(proxy.ftpAddress().isPresent());
    }
}
