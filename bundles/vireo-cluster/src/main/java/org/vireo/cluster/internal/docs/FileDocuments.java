package org.vireo.cluster.internal.docs;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.vireo.cluster.internal.sync.AtomicFiles;
import org.vireo.cluster.internal.sync.LocalDocuments;

/**
 * The {@code file:} documents: policy files under {@code etc/}, named by their path relative to it with '/'
 * separators. A file is replaced atomically (written beside it, then renamed over it), so the scanner's watcher
 * never reads half of one.
 */
final class FileDocuments {

    private final Path etc;
    private final DocumentPatterns patterns;

    FileDocuments(Path etc, DocumentPatterns patterns) {
        this.etc = etc.toAbsolutePath().normalize();
        this.patterns = patterns;
    }

    Path etc() {
        return etc;
    }

    /** The relative name of a file under etc/, or empty if it is not under it. */
    Optional<String> relative(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        if (!abs.startsWith(etc)) {
            return Optional.empty();
        }
        return Optional.of(etc.relativize(abs).toString().replace('\\', '/'));
    }

    Set<String> present() throws IOException {
        Set<String> out = new TreeSet<>();
        for (String folder : patterns.fileFolders()) {
            Path dir = etc.resolve(folder);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
                for (Path f : files) {
                    Optional<String> rel = relative(f);
                    if (rel.isPresent() && Files.isRegularFile(f) && patterns.replicatedFile(rel.get())) {
                        out.add(rel.get());
                    }
                }
            }
        }
        return out;
    }

    Optional<byte[]> read(String relative) throws IOException {
        try {
            return Optional.of(Files.readAllBytes(resolve(relative)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    void write(String relative, byte[] content) throws IOException {
        replace(relative, null, content);
    }

    /**
     * Replaces the file with {@code content} if it still holds {@code expected} ({@code null}: whatever it holds).
     * The new content is staged beside the file first, so that the check is the last thing before the rename: an
     * edit the operator saves meanwhile is not written over (the window left is that between a read and a rename).
     */
    boolean replace(String relative, Optional<byte[]> expected, byte[] content) throws IOException {
        Path target = resolve(relative);
        Files.createDirectories(target.getParent());
        // a hidden name no replicated glob matches: the watchers of the folder ignore it
        Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".vireo-tmp");
        try {
            Files.write(tmp, content);
            if (expected != null && !LocalDocuments.sameBytes(read(relative), expected)) {
                return false;
            }
            AtomicFiles.replace(tmp, target);
            return true;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    void delete(String relative) throws IOException {
        Files.deleteIfExists(resolve(relative));
    }

    private Path resolve(String relative) {
        Path p = etc.resolve(relative).normalize();
        if (!p.startsWith(etc) || !patterns.replicatedFile(relative)) {
            throw new IllegalArgumentException("file " + relative + " is not a replicated file under " + etc);
        }
        return p;
    }
}
