package org.vireo.vip.internal.pcap;

import java.io.IOException;
import java.lang.reflect.Field;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.NativeLong;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

import org.pcap4j.core.PcapHandle;

/**
 * Reads frames from a pcap4j handle without allocating native memory per frame. pcap4j's
 * {@code getNextRawPacket} allocates a JNA {@code Structure} for every frame: a malloc and a registration with
 * JNA's Cleaner, whose lock the normal-priority "JNA Cleaner" thread takes too. On a CPU kept busy by other
 * processes the real-time receive thread could wait on that lock behind a thread that does not get the CPU (a
 * priority inversion) and let the master's adverts age into a needless takeover. This calls
 * {@code pcap_next_ex} directly with its two out-parameters allocated once.
 *
 * <p>Only the link's receive thread uses a reader, and that thread alone closes the handle (a link whose thread
 * never started is closed by the thread that opened it), so pcap4j's handle lock, which this bypasses, has nothing
 * to guard.
 */
final class PcapReader {

    /** The same library pcap4j loaded (JNA caches libraries by name), bound once for the direct calls below. */
    private static final class Libpcap {
        static {
            Native.register(Libpcap.class, NativeLibrary.getInstance(
                System.getProperty("org.pcap4j.core.pcapLibName", Platform.isWindows() ? "wpcap" : "pcap")));
        }

        static native int pcap_next_ex(Pointer pcap, Pointer header, Pointer data);

        static native String pcap_geterr(Pointer pcap);

        static native int pcap_stats(Pointer pcap, Pointer stats);

        static native void pcap_breakloop(Pointer pcap);
    }

    private static final int FRAME = 1;
    private static final int TIMED_OUT = 0;
    private static final int BROKEN_OFF = -2; // PCAP_ERROR_BREAK: pcap_breakloop was called
    /** struct pcap_pkthdr: struct timeval ts (two longs), bpf_u_int32 caplen, bpf_u_int32 len. */
    private static final int CAPLEN_OFFSET = 2 * NativeLong.SIZE;
    /** struct pcap_stat (not Windows): u_int ps_recv, ps_drop, ps_ifdrop. */
    private static final int STAT_SIZE = 3 * 4;
    private static final int PS_DROP_OFFSET = 4;

    private final Pointer pcap;
    private final Memory header = new Memory(Native.POINTER_SIZE);
    private final Memory data = new Memory(Native.POINTER_SIZE);
    private final Memory stats = new Memory(STAT_SIZE);
    private long kernelMicros;
    private long kernelDropsSeen;

    PcapReader(PcapHandle handle) throws IOException {
        this.pcap = pcapPointer(handle);
    }

    /**
     * The next frame, or null when the handle's poll timed out or {@link #wakeUp} was called. libpcap 1.10 waits in
     * its poll until a frame comes, whatever the handle's timeout, so only a frame or a wake-up ends the wait.
     *
     * @throws IOException the capture failed, with libpcap's message
     */
    byte[] next() throws IOException {
        int r = Libpcap.pcap_next_ex(pcap, header, data);
        if (r == TIMED_OUT || r == BROKEN_OFF) {
            return null;
        }
        if (r != FRAME) {
            throw new IOException("pcap_next_ex returned " + r + ": " + Libpcap.pcap_geterr(pcap));
        }
        Pointer h = header.getPointer(0);
        kernelMicros = h.getNativeLong(0).longValue() * 1_000_000 + h.getNativeLong(NativeLong.SIZE).longValue();
        return data.getPointer(0).getByteArray(0, h.getInt(CAPLEN_OFFSET));
    }

    /**
     * Makes a {@link #next} that waits (or the next one) return at once; from any thread, while the handle is open
     * (the caller makes sure it is not being closed meanwhile).
     */
    void wakeUp() {
        Libpcap.pcap_breakloop(pcap);
    }

    /** When the kernel received the frame {@link #next()} returned last, in microseconds of the wall clock. */
    long kernelMicros() {
        return kernelMicros;
    }

    /**
     * How many frames the kernel dropped for this handle since the last call (its buffer was full: the receive
     * thread fell behind). libpcap keeps a running total in a 32-bit counter; the difference survives its wrap.
     *
     * @throws IOException libpcap cannot say, with its message
     */
    long kernelDropsSinceLastCall() throws IOException {
        if (Libpcap.pcap_stats(pcap, stats) != 0) {
            throw new IOException("pcap_stats failed: " + Libpcap.pcap_geterr(pcap));
        }
        long total = stats.getInt(PS_DROP_OFFSET) & 0xffff_ffffL;
        long since = increase(kernelDropsSeen, total);
        kernelDropsSeen = total;
        return since;
    }

    /** How much a 32-bit counter grew from {@code before} to {@code now}, across one wrap. */
    static long increase(long before, long now) {
        return (now - before) & 0xffff_ffffL;
    }

    /** pcap4j keeps the {@code pcap_t *} private; we pin pcap4j 1.8.2, and this fails loudly if it changes. */
    private static Pointer pcapPointer(PcapHandle handle) throws IOException {
        try {
            Field f = PcapHandle.class.getDeclaredField("handle");
            f.setAccessible(true);
            return (Pointer) f.get(handle);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IOException("this pcap4j has no pcap_t handle where 1.8.2 keeps it: " + e, e);
        }
    }
}
