package org.vireo.cluster.internal.sync;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A member's replicated documents in memory, for tests: {@link #docs} is what an operator edits; content starting
 * with {@code BAD}, and an empty {@code pid:} document (as a PID's parser refuses one with no key), fail
 * validation, unless {@link #validates} is off (a member without the validator, an older node). Not thread-safe: used on the member's thread.
 */
public final class MemoryDocuments implements LocalDocuments {

    public final Map<String, byte[]> docs = new TreeMap<>();
    public boolean validates = true;
    /** Run while a document is being validated, once: an operator's edit landing while a version is applied. */
    public Runnable duringValidation;
    /** Run inside {@link #replace}, once, before its check: an edit landing while the new content is staged. */
    public Runnable duringReplace;
    /** How many times a document was written or removed here. */
    public int writes;
    private final List<String> replicated;

    public MemoryDocuments(List<String> replicated) {
        this.replicated = List.copyOf(replicated);
    }

    @Override
    public boolean replicated(String id) {
        return replicated.contains(id);
    }

    @Override
    public Set<String> present() {
        return new TreeSet<>(docs.keySet());
    }

    @Override
    public Optional<byte[]> read(String id) {
        return Optional.ofNullable(docs.get(id)).map(byte[]::clone);
    }

    @Override
    public void write(String id, byte[] content) {
        writes++;
        docs.put(id, content.clone());
    }

    @Override
    public void delete(String id) {
        writes++;
        docs.remove(id);
    }

    @Override
    public boolean replace(String id, Optional<byte[]> expected, Optional<byte[]> content) throws IOException {
        Runnable meanwhile = duringReplace;
        duringReplace = null;
        if (meanwhile != null) {
            meanwhile.run();
        }
        return LocalDocuments.super.replace(id, expected, content);
    }

    @Override
    public boolean blank(String id, byte[] content) {
        return id.startsWith("pid:") && content.length == 0;
    }

    @Override
    public Optional<String> problem(String id, byte[] content) {
        Runnable meanwhile = duringValidation;
        duringValidation = null;
        if (meanwhile != null) {
            meanwhile.run();
        }
        if (validates && blank(id, content)) {
            return Optional.of("it holds no key");
        }
        return validates && new String(content, StandardCharsets.UTF_8).startsWith("BAD")
            ? Optional.of("refused by the test's validator") : Optional.empty();
    }
}
