package org.vireo.scanner.internal.load;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The figures of this node: CPU from the JVM's operating system bean, heap, {@code meminfo}, the proxy's counters. */
final class NodeLoadSources implements LoadSources {

    private static final Logger LOG = LoggerFactory.getLogger(NodeLoadSources.class);

    private final MBeanServer platform = ManagementFactory.getPlatformMBeanServer();
    private final ObjectName operatingSystem;
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final Path meminfo;
    private final Supplier<Optional<ProxyTraffic>> proxy;
    private boolean meminfoFailureLogged;

    /**
     * @param meminfo {@code /proc/meminfo} on Linux
     * @param proxy   the proxy's traffic now, empty while it is not running
     */
    NodeLoadSources(Path meminfo, Supplier<Optional<ProxyTraffic>> proxy) {
        this.meminfo = meminfo;
        this.proxy = proxy;
        try {
            operatingSystem = new ObjectName(ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME);
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e); // a JDK constant
        }
    }

    @Override
    public double processCpu() {
        return cpu("ProcessCpuLoad");
    }

    @Override
    public double systemCpu() {
        return cpu("CpuLoad");
    }

    /**
     * An attribute of com.sun.management.OperatingSystemMXBean, read through JMX rather than by casting: Karaf's
     * system bundle does not export com.sun.management, so importing it would leave the bundle unresolved.
     */
    private double cpu(String attribute) {
        try {
            return ((Number) platform.getAttribute(operatingSystem, attribute)).doubleValue();
        } catch (JMException | ClassCastException e) {
            return -1; // not this JVM's bean: unknown
        }
    }

    @Override
    public long heapUsedBytes() {
        return memory.getHeapMemoryUsage().getUsed();
    }

    @Override
    public long heapMaxBytes() {
        MemoryUsage heap = memory.getHeapMemoryUsage();
        return heap.getMax() < 0 ? heap.getCommitted() : heap.getMax(); // -1: no limit set, so what is reserved
    }

    @Override
    public Optional<SystemMemory> systemMemory() {
        try {
            return MemInfo.parse(Files.readString(meminfo));
        } catch (IOException e) {
            if (!meminfoFailureLogged) { // once, not every second
                meminfoFailureLogged = true;
                LOG.warn("cannot read {} ({}): the load report gives the machine's memory as unknown", meminfo,
                    e.toString());
            }
            return Optional.empty();
        }
    }

    @Override
    public Optional<ProxyTraffic> proxyTraffic() {
        return proxy.get();
    }
}
