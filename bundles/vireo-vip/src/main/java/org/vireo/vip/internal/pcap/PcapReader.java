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
 * <p>Only the link's receive thread uses a reader, and that thread alone closes the handle, so pcap4j's handle
 * lock, which this bypasses, has nothing to guard.
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
    }

    private static final int FRAME = 1;
    private static final int TIMED_OUT = 0;
    /** struct pcap_pkthdr: struct timeval ts (two longs), bpf_u_int32 caplen, bpf_u_int32 len. */
    private static final int CAPLEN_OFFSET = 2 * NativeLong.SIZE;

    private final Pointer pcap;
    private final Memory header = new Memory(Native.POINTER_SIZE);
    private final Memory data = new Memory(Native.POINTER_SIZE);
    private long kernelMicros;

    PcapReader(PcapHandle handle) throws IOException {
        this.pcap = pcapPointer(handle);
    }

    /**
     * The next frame, or null when the handle's poll timed out.
     *
     * @throws IOException the capture failed, with libpcap's message
     */
    byte[] next() throws IOException {
        int r = Libpcap.pcap_next_ex(pcap, header, data);
        if (r == TIMED_OUT) {
            return null;
        }
        if (r != FRAME) {
            throw new IOException("pcap_next_ex returned " + r + ": " + Libpcap.pcap_geterr(pcap));
        }
        Pointer h = header.getPointer(0);
        kernelMicros = h.getNativeLong(0).longValue() * 1_000_000 + h.getNativeLong(NativeLong.SIZE).longValue();
        return data.getPointer(0).getByteArray(0, h.getInt(CAPLEN_OFFSET));
    }

    /** When the kernel received the frame {@link #next()} returned last, in microseconds of the wall clock. */
    long kernelMicros() {
        return kernelMicros;
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
