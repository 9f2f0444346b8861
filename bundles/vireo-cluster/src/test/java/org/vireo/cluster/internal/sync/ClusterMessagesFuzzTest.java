package org.vireo.cluster.internal.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.cluster.internal.registry.NodeReport;
import org.vireo.testkit.fuzz.Allocation;

/**
 * Fuzz target of what decodes a payload a peer sends on the cluster channel, dispatched on its first byte as the
 * cluster component and the sync engine do: a status report ({@link NodeReport#read}), records (broadcast, push,
 * reply: {@link SyncMessages#readRecords}, {@link RecordCodec#read}), a digest or a pull.
 *
 * <p>Invariants: decoding throws nothing but {@link IOException} (EOF, bad UTF-8, a count or version it refuses, named)
 * for any bytes; it is deterministic; it allocates at most {@link #ALLOCATION_BASE} plus {@link #ALLOCATION_PER_BYTE}
 * per payload byte (a peer's count or length must not make this node allocate what the payload does not hold); and
 * what the codec encodes it decodes back: a decoded message encoded again decodes to a message that encodes to the
 * same bytes (records keep only their newest edits, so the first encoding may be shorter than the payload). Seeds: one
 * message of each kind as the codec writes them.
 */
class ClusterMessagesFuzzTest {

    /** Lists, maps and strings of a small message; a record's sorted history. */
    static final long ALLOCATION_BASE = 1 << 20;
    /** A UTF-8 byte decodes to a char (2 bytes) in a String and in DataInputStream's buffer; maps and lists around. */
    static final long ALLOCATION_PER_BYTE = 256;

    @FuzzTest
    void anyPayloadDecodesToWhatItEncodesOrIsRefusedWithAnIoException(byte[] payload) {
        if (payload.length == 0) {
            return; // the component reads the kind only from a payload that has one
        }
        byte[] first = reencoded(payload);
        Allocation.Measured<byte[]> measured = Allocation.of(() -> reencoded(payload));

        assertThat(measured.value()).isEqualTo(first);
        assertThat(measured.bytes()).as("bytes allocated for %d bytes of payload", payload.length)
            .isLessThanOrEqualTo(ALLOCATION_BASE + ALLOCATION_PER_BYTE * payload.length);
        if (first != null) {
            assertThat(reencoded(first)).isEqualTo(first);
        }
    }

    /** The message decoded and encoded again; null when refused with an IOException; anything else escapes. */
    private static byte[] reencoded(byte[] payload) {
        try {
            DataInputStream in = SyncMessages.input(payload);
            byte kind = in.readByte();
            return switch (kind) {
                case SyncMessages.STATUS -> NodeReport.read(in).encode();
                case SyncMessages.BROADCAST, SyncMessages.PUSH, SyncMessages.REPLY ->
                    SyncMessages.records(kind, SyncMessages.readRecords(in));
                case SyncMessages.DIGEST -> SyncMessages.digest(SyncMessages.readDigest(in));
                case SyncMessages.PULL -> SyncMessages.pull(SyncMessages.readPull(in));
                default -> null; // logged and ignored
            };
        } catch (IOException refused) {
            return null;
        }
    }
}
