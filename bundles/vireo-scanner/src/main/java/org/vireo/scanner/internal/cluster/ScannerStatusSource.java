package org.vireo.scanner.internal.cluster;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.NodeStatusSource;
import org.vireo.scanner.LoadReport;
import org.vireo.scanner.LoadSample;

/** Puts this scanning node's load into its report in the node registry, where the director's balancer reads it. */
@Component(service = NodeStatusSource.class)
public class ScannerStatusSource implements NodeStatusSource {

    @Reference
    LoadReport report;

    @Override
    public Optional<NodeLoad> load() {
        LoadSample s = report.current();
        return Optional.of(new NodeLoad(s.at(), s.processCpu(), s.systemCpu(), s.heapUsedBytes(), s.heapMaxBytes(),
            s.memoryUsedBytes(), s.memoryTotalBytes(), s.activeConnections(), s.requestsPerSecond()));
    }
}
