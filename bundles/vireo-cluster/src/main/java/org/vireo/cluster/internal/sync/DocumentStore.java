package org.vireo.cluster.internal.sync;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLEncoder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.vireo.cluster.DocumentVersion;

/**
 * The records of this node, one file per document in one folder, each written whole to a temporary file, forced
 * to disk and renamed over the old one: a crash leaves the old record or the new one, never half of one. A second
 * file per document remembers which version this node has applied locally (node-local, never replicated).
 */
public final class DocumentStore {

    private static final String RECORD = ".record";
    private static final String APPLIED = ".applied";
    private final Path folder;
    private final boolean force;

    /** A store that forces every write to disk before it counts (what a node runs with). */
    public DocumentStore(Path folder) throws IOException {
        this(folder, true);
    }

    /** @param force whether to force writes to disk; off only where a power cut cannot happen (simulations) */
    public DocumentStore(Path folder, boolean force) throws IOException {
        this.folder = folder;
        this.force = force;
        Files.createDirectories(folder);
    }

    public Path folder() {
        return folder;
    }

    /** Every record stored; a file that cannot be read is named in {@code problems} and skipped. */
    public List<DocumentRecord> loadAll(List<String> problems) throws IOException {
        List<DocumentRecord> out = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*" + RECORD)) {
            for (Path f : files) {
                try (InputStream in = new BufferedInputStream(Files.newInputStream(f))) {
                    DocumentRecord r = RecordCodec.read(new DataInputStream(in));
                    if (!fileName(r.id()).equals(f.getFileName().toString())) {
                        throw new IOException("holds the record of " + r.id());
                    }
                    out.add(r);
                } catch (IOException | RuntimeException e) {
                    problems.add(f + ": " + e.getMessage());
                }
            }
        }
        return out;
    }

    public void save(DocumentRecord record) throws IOException {
        saveAll(List.of(record));
    }

    /**
     * Saves several records: all written first, then all forced to disk, then each renamed over its old file. The
     * first force commits the file system's journal with every file's data; the others then find nothing left to
     * do, so a batch of a thousand records (a node catching up) costs about one disk flush, not a thousand.
     */
    public void saveAll(List<DocumentRecord> records) throws IOException {
        List<Path> written = new ArrayList<>(records.size());
        try {
            for (DocumentRecord r : records) {
                written.add(writeTemporary(out -> RecordCodec.write(out, r)));
            }
            if (force) {
                for (Path tmp : written) {
                    forceToDisk(tmp);
                }
            }
            for (int i = 0; i < records.size(); i++) {
                AtomicFiles.replace(written.get(i), folder.resolve(fileName(records.get(i).id())));
            }
        } finally {
            for (Path tmp : written) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** The version this node applied of a document (wrote to ConfigurationAdmin or the file), if any. */
    public Optional<DocumentVersion> applied(String id) throws IOException {
        Path f = folder.resolve(base(id) + APPLIED);
        if (!Files.exists(f)) {
            return Optional.empty();
        }
        try {
            return Optional.of(DocumentVersion.parse(Files.readString(f, StandardCharsets.UTF_8).strip()));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // unreadable: treated as not applied, so the record is applied again
        }
    }

    /**
     * Notes the version applied here. Not forced to disk: lost in a power cut, the record is applied once more at
     * the next start, which changes nothing.
     */
    public void markApplied(String id, DocumentVersion version) throws IOException {
        byte[] text = version.toString().getBytes(StandardCharsets.UTF_8);
        writeAtomically(folder.resolve(base(id) + APPLIED), false, out -> out.write(text));
    }

    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private void writeAtomically(Path target, boolean forced, Writer writer) throws IOException {
        Path tmp = writeTemporary(writer);
        try {
            if (forced) {
                forceToDisk(tmp);
            }
            AtomicFiles.replace(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private Path writeTemporary(Writer writer) throws IOException {
        Path tmp = Files.createTempFile(folder, ".tmp-", "");
        try (OutputStream os = Files.newOutputStream(tmp, StandardOpenOption.WRITE);
             DataOutputStream out = new DataOutputStream(new BufferedOutputStream(os))) {
            writer.write(out);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        return tmp;
    }

    private static void forceToDisk(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
    }

    /** Document ids hold ':' and '/': encoded into one file name. */
    static String fileName(String id) {
        return base(id) + RECORD;
    }

    private static String base(String id) {
        return URLEncoder.encode(id, StandardCharsets.UTF_8);
    }
}
