package org.vireo.cluster.internal.sync;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.vireo.cluster.DocumentVersion;

/** The config-sync messages; the first byte of every cluster payload says which kind it is. */
public final class SyncMessages {

    /** A change, sent to everyone. */
    public static final byte BROADCAST = 1;
    /** Records sent to one member by anti-entropy: it lacked them or had older ones. */
    public static final byte PUSH = 2;
    /** Records sent in answer to a {@link #PULL}. */
    public static final byte REPLY = 3;
    /** Document -> current version and fingerprint: what the sender has. */
    public static final byte DIGEST = 4;
    /** Document ids the sender wants the records of. */
    public static final byte PULL = 5;
    /** The first byte of the node registry's status messages (not config sync's). */
    public static final byte STATUS = 16;
    /** The first byte of a request to one member ({@link org.vireo.cluster.MemberCalls}), not config sync's. */
    public static final byte CALL = 17;
    /** The first byte of the answer to a {@link #CALL}. */
    public static final byte ANSWER = 18;

    private SyncMessages() {
    }

    /** One line of a digest. */
    public record DigestEntry(String id, DocumentVersion version, long fingerprint) {
    }

    public static byte[] records(byte kind, List<DocumentRecord> records) {
        return encode(out -> {
            out.writeByte(kind);
            out.writeInt(records.size());
            for (DocumentRecord r : records) {
                RecordCodec.write(out, r);
            }
        });
    }

    public static List<DocumentRecord> readRecords(DataInputStream in) throws IOException {
        int n = count(in, "records");
        List<DocumentRecord> out = new ArrayList<>(Math.min(n, 4096));
        for (int i = 0; i < n; i++) {
            out.add(RecordCodec.read(in));
        }
        return out;
    }

    public static byte[] digest(List<DigestEntry> entries) {
        return encode(out -> {
            out.writeByte(DIGEST);
            out.writeInt(entries.size());
            for (DigestEntry e : entries) {
                out.writeUTF(e.id());
                RecordCodec.writeVersion(out, e.version());
                out.writeLong(e.fingerprint());
            }
        });
    }

    public static List<DigestEntry> readDigest(DataInputStream in) throws IOException {
        int n = count(in, "digest entries");
        List<DigestEntry> out = new ArrayList<>(Math.min(n, 4096));
        for (int i = 0; i < n; i++) {
            out.add(new DigestEntry(in.readUTF(), RecordCodec.readVersion(in), in.readLong()));
        }
        return out;
    }

    public static byte[] pull(List<String> ids) {
        return encode(out -> {
            out.writeByte(PULL);
            out.writeInt(ids.size());
            for (String id : ids) {
                out.writeUTF(id);
            }
        });
    }

    public static List<String> readPull(DataInputStream in) throws IOException {
        int n = count(in, "pulled documents");
        List<String> out = new ArrayList<>(Math.min(n, 4096));
        for (int i = 0; i < n; i++) {
            out.add(in.readUTF());
        }
        return out;
    }

    /** A count a peer sent: refused like any unreadable message when negative. */
    private static int count(DataInputStream in, String what) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            throw new IOException("a message of " + n + " " + what);
        }
        return n;
    }

    public static DataInputStream input(byte[] payload) {
        return new DataInputStream(new ByteArrayInputStream(payload));
    }

    /** Writes one message body. */
    public interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    public static byte[] encode(Body body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            body.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory", e);
        }
        return bytes.toByteArray();
    }
}
