package org.vireo.testkit.fuzz;

import java.lang.management.ManagementFactory;
import java.util.function.Supplier;

/** The bytes the current thread allocates while it runs something: how fuzz targets bound a parser's memory. */
public final class Allocation {

    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    static {
        of(() -> null); // loads what a measurement itself uses, so that no measurement counts it
    }

    private Allocation() {
    }

    /** What a run made and the bytes it allocated. */
    public record Measured<T>(T value, long bytes) {
    }

    /**
     * Runs {@code work} once and measures it; a fuzz target runs the same work once before, so that loading classes
     * the first time does not count.
     */
    public static <T> Measured<T> of(Supplier<T> work) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        T value = work.get();
        return new Measured<>(value, THREADS.getCurrentThreadAllocatedBytes() - before);
    }
}
