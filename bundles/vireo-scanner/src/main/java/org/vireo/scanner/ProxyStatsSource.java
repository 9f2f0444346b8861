package org.vireo.scanner;

/** The proxies' counters: a service of every node that has the scanner's features. */
public interface ProxyStatsSource {

    /** The HTTP proxy's counters now. */
    ProxyStats stats();

    /** The FTP proxy's counters now. */
    FtpStats ftp();
}
