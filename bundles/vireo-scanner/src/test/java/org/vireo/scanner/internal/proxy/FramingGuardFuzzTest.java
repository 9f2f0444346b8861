package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;

import com.code_intelligence.jazzer.junit.FuzzTest;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Fuzz target of {@link FramingGuard}, the byte-level reader of a client connection. Invariants: it has no exception
 * of its own (its refusal is a value), so nothing may escape; what it returns lies within the bytes it was given,
 * short of their end only once it has refused or a tunnel has begun, and then for good; it reads the same bytes the
 * same way however a connection's reads cut them (whole, byte by byte, in the pieces the input's first byte picks):
 * the same refusal at the same byte, the same number of requests read; and it allocates nothing while it reads (its
 * state is a fixed set of fields), so its memory does not grow with the input. Seeds: the raw requests of the
 * proxy's framing tests.
 */
class FramingGuardFuzzTest {

    /** What a measurement itself may show (the JIT's and the allocation counter's noise), not the guard's work. */
    static final long ALLOCATION_NOISE = 4096;

    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @FuzzTest
    void theGuardReadsBytesTheSameWhateverTheirCutsAndAllocatesNothing(byte[] input) {
        ByteBuf bytes = Unpooled.wrappedBuffer(input);
        Outcome whole = read(bytes, input.length == 0 ? 1 : input.length);
        Outcome oneByOne = read(bytes, 1);
        Outcome pieces = read(bytes, 1 + (input.length == 0 ? 0 : input[0] & 0x3f));

        assertThat(oneByOne).isEqualTo(whole);
        assertThat(pieces).isEqualTo(whole);
        assertThat(whole.stop).isBetween(0, input.length);
        assertThat(whole.stop < input.length).isEqualTo(whole.refusal != null || whole.tunnel);

        // a run with Jazzer's hooks on counts what they allocate too: the guard calls no hooked JDK method (it
        // matched symbols with String.indexOf, whose hook allocated 4,344 bytes here: seed host-value-of-many-symbols)
        long allocated = allocatedScanning(bytes, input.length);
        assertThat(allocated).as("bytes allocated reading %d bytes", input.length).isLessThanOrEqualTo(ALLOCATION_NOISE);
    }

    private static long allocatedScanning(ByteBuf bytes, int length) {
        FramingGuard guard = guard();
        long before = THREADS.getCurrentThreadAllocatedBytes();
        guard.scan(bytes, 0, length);
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }

    private record Outcome(int stop, RequestRefusal refusal, boolean tunnel, long messages) {
    }

    /** Reads the bytes in pieces of at most {@code piece}, as reads would bring them. */
    private static Outcome read(ByteBuf bytes, int piece) {
        FramingGuard guard = guard();
        int end = bytes.writerIndex();
        int stop = end;
        for (int from = 0; from < end; from += piece) {
            int to = Math.min(end, from + piece);
            int at = guard.scan(bytes, from, to);
            assertThat(at).isBetween(from, to);
            if (at < to) {
                stop = at;
                assertThat(guard.refusal() != null || guard.tunnel()).isTrue();
                assertThat(guard.scan(bytes, to, end)).isEqualTo(to); // refused, or a tunnel: for good
                break;
            }
        }
        return new Outcome(stop, guard.refusal(), guard.tunnel(), guard.messagesRead());
    }

    private static FramingGuard guard() {
        return new FramingGuard(1024, 4096, 20);
    }
}
