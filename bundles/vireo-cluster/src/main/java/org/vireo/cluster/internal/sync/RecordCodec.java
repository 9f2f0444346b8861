package org.vireo.cluster.internal.sync;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.vireo.cluster.DocumentVersion;

/**
 * The binary form of records, on the wire and on disk (one format, so a record read back from disk is exactly the
 * one that was received). Decoding refuses what it cannot read with a {@link java.io.IOException} naming it.
 *
 * <p>A record with an operator's resolution among its edits ({@link Edit#resolution}) sets the top bit of its edit
 * count, and each of its edits has one more byte, of flags. A record without one is written as before, so nodes of
 * the previous version read every record but those; they refuse those as unreadable (their edit count is then
 * 32768 or more) rather than read a resolution as something else, until they are upgraded.
 */
public final class RecordCodec {

    /** Bounds what a peer can make this node allocate from one record. */
    static final int MAX_CONTENT_BYTES = 256 << 20;
    static final int MAX_NODES = 1024;
    /** In the edit count: each edit has a byte of flags. */
    private static final int FLAGGED = 0x8000;
    private static final int RESOLUTION = 1;

    private RecordCodec() {
    }

    public static void write(DataOutputStream out, DocumentRecord record) throws IOException {
        out.writeUTF(record.id());
        boolean flagged = record.history().stream().anyMatch(Edit::resolution);
        out.writeShort(record.history().size() | (flagged ? FLAGGED : 0));
        for (Edit e : record.history()) {
            writeVersion(out, e.version());
            out.writeShort(e.seen().seen().size());
            for (DocumentVersion v : e.seen().seen().values()) {
                writeVersion(out, v);
            }
            out.writeBoolean(e.deleted());
            out.write(e.sha256());
            out.writeLong(e.size());
            if (flagged) {
                out.writeByte(e.resolution() ? RESOLUTION : 0);
            }
        }
        Map<DocumentVersion, byte[]> contents = record.contents();
        out.writeShort(contents.size());
        for (Map.Entry<DocumentVersion, byte[]> c : contents.entrySet()) {
            writeVersion(out, c.getKey());
            out.writeInt(c.getValue().length);
            out.write(c.getValue());
        }
    }

    public static DocumentRecord read(DataInputStream in) throws IOException {
        String id = in.readUTF();
        int count = in.readUnsignedShort();
        boolean flagged = (count & FLAGGED) != 0;
        int edits = count & ~FLAGGED;
        List<Edit> history = new ArrayList<>(edits);
        for (int i = 0; i < edits; i++) {
            DocumentVersion version = readVersion(in);
            int nodes = in.readUnsignedShort();
            if (nodes > MAX_NODES) {
                throw new IOException("record " + id + ": " + nodes + " nodes in a version vector (at most "
                    + MAX_NODES + ")");
            }
            TreeMap<String, DocumentVersion> seen = new TreeMap<>();
            for (int n = 0; n < nodes; n++) {
                DocumentVersion v = readVersion(in);
                seen.put(v.node(), v);
            }
            boolean deleted = in.readBoolean();
            byte[] sha = new byte[32];
            in.readFully(sha);
            long size = in.readLong();
            boolean resolution = flagged && (in.readByte() & RESOLUTION) != 0;
            history.add(new Edit(version, new VersionVector(seen), deleted, sha, size, resolution));
        }
        int kept = in.readUnsignedShort();
        Map<DocumentVersion, byte[]> contents = new HashMap<>();
        for (int i = 0; i < kept; i++) {
            DocumentVersion v = readVersion(in);
            int length = in.readInt();
            if (length < 0 || length > MAX_CONTENT_BYTES) {
                throw new IOException("record " + id + ": content of " + length + " bytes (at most "
                    + MAX_CONTENT_BYTES + ")");
            }
            // read as it arrives: a length the payload does not hold must not allocate it (up to 256 MB)
            byte[] b = in.readNBytes(length);
            if (b.length != length) {
                throw new EOFException("record " + id + ": content of " + length + " bytes, " + b.length + " there");
            }
            contents.put(v, b);
        }
        try {
            return DocumentRecord.of(id, history, contents);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    static void writeVersion(DataOutputStream out, DocumentVersion v) throws IOException {
        out.writeLong(v.millis());
        out.writeShort(v.counter());
        out.writeUTF(v.node());
    }

    static DocumentVersion readVersion(DataInputStream in) throws IOException {
        long millis = in.readLong();
        int counter = in.readUnsignedShort();
        String node = in.readUTF();
        try {
            return new DocumentVersion(millis, counter, node);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
