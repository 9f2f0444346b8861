package org.vireo.scanner;

/** The HTTP proxy's {@link ProxyStats}: a service of every node that has the scanner's features. */
public interface ProxyStatsSource {

    /** The counters now. */
    ProxyStats stats();
}
