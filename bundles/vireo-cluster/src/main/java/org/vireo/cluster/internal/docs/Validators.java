package org.vireo.cluster.internal.docs;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.vireo.config.ConfigErrors;
import org.vireo.config.DocumentValidator;

/**
 * The registered {@link DocumentValidator}s and the documents each covers: what config sync checks a replicated
 * document with, and the management API a document it writes. Thread-safe (registrations come from DS's threads).
 */
public final class Validators {

    /** A refusal's first errors and their count, as {@code ConfigReader} makes them, fit in this. */
    static final int MAX_PROBLEM_CHARS = 2 * ConfigErrors.KEPT * ConfigErrors.MAX_CHARS;

    private final List<Entry> entries = new CopyOnWriteArrayList<>();

    /** One registered validator and its globs over document ids. */
    public record Entry(DocumentValidator validator, List<String> globs) {
        boolean covers(String id) {
            return globs.stream().anyMatch(g -> DocumentPatterns.glob(g).matcher(id).matches());
        }
    }

    public void add(DocumentValidator validator, List<String> globs) {
        entries.add(new Entry(validator, List.copyOf(globs)));
    }

    public void remove(DocumentValidator validator) {
        entries.removeIf(e -> e.validator() == validator);
    }

    /** Whether a validator covers {@code id} ({@code pid:<PID>}, {@code file:<path>}, or such a pattern). */
    public boolean covers(String id) {
        return entries.stream().anyMatch(e -> e.covers(id));
    }

    /**
     * Why the validators covering {@code id} refuse {@code content}: the first refusing one's errors, each bounded
     * (kept in {@code cluster:status} whatever a validator says); a validator that throws refuses. Empty: every one
     * accepts it, or none covers it.
     */
    public List<String> problems(String id, byte[] content) {
        for (Entry e : entries) {
            if (!e.covers(id)) {
                continue;
            }
            try {
                List<String> p = e.validator().problems(id, content);
                if (!p.isEmpty()) {
                    return p.stream().map(m -> ConfigErrors.shorten(m, MAX_PROBLEM_CHARS)).toList();
                }
            } catch (RuntimeException failed) {
                return List.of(ConfigErrors.shorten("the validator of " + id + " failed: " + failed, MAX_PROBLEM_CHARS));
            }
        }
        return List.of();
    }
}
