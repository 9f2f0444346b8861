package org.vireo.scanner.internal.load;

import java.util.Optional;

/** Where a load sample's figures come from: the JVM, /proc and the proxy in a node ({@link NodeLoadSources}). */
interface LoadSources {

    /** The JVM's share of all CPUs, 0.0-1.0, negative when not known. */
    double processCpu();

    /** The machine's share of all CPUs in use, 0.0-1.0, negative when not known. */
    double systemCpu();

    long heapUsedBytes();

    long heapMaxBytes();

    /** Empty when the machine's memory cannot be read. */
    Optional<SystemMemory> systemMemory();

    /** Empty while the proxy is not running. */
    Optional<ProxyTraffic> proxyTraffic();
}
