package org.vireo.cluster.internal.sync;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * This node's copies of the replicated documents: configuration PIDs in ConfigurationAdmin, policy files under
 * {@code etc/}. The sync engine reads them to find local changes and writes what the cluster decided.
 */
public interface LocalDocuments {

    /** Whether {@code id} is a replicated document (matches the configured PID and file patterns). */
    boolean replicated(String id);

    /** The replicated documents present here now. */
    Set<String> present() throws IOException;

    /** The document's content in its canonical form; empty when it does not exist here. */
    Optional<byte[]> read(String id) throws IOException;

    /** Makes the document hold {@code content} (atomically for files), without it counting as a local change. */
    void write(String id, byte[] content) throws IOException;

    /** Removes the document here. */
    void delete(String id) throws IOException;

    /**
     * Makes the document hold {@code content} (empty: removes it) only if it still holds {@code expected} (empty: it
     * does not exist); false, and nothing changed, when an edit came in since {@code expected} was read. An
     * implementation checks as late as it can, so that an operator's edit racing the write is not written over.
     */
    default boolean replace(String id, Optional<byte[]> expected, Optional<byte[]> content) throws IOException {
        if (!sameBytes(read(id), expected)) {
            return false;
        }
        if (content.isPresent()) {
            write(id, content.get());
        } else {
            delete(id);
        }
        return true;
    }

    /** Whether two documents' contents are the same (both absent, or equal bytes). */
    static boolean sameBytes(Optional<byte[]> a, Optional<byte[]> b) {
        return a.isPresent() == b.isPresent() && (a.isEmpty() || Arrays.equals(a.get(), b.get()));
    }

    /**
     * Whether {@code content} is the document emptied of everything: a PID without a key (what a {@code .cfg} file
     * read while it is being written gives), never an edit an operator means to send.
     */
    default boolean blank(String id, byte[] content) {
        return false;
    }

    /**
     * Why {@code content} cannot be {@code id}'s content (checked before a local change is sent and before a peer's
     * version is applied); empty: valid.
     */
    default Optional<String> problem(String id, byte[] content) {
        return Optional.empty();
    }

    /** The same refusal as its errors one by one (a rules file's {@code file:line: what}); empty: valid. */
    default List<String> problems(String id, byte[] content) {
        return problem(id, content).map(List::of).orElse(List.of());
    }
}
