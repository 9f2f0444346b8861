package org.vireo.cluster.internal.rest;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The versions of documents as HTTP entity tags (RFC 9110 section 8.8.3): a version is sent as the strong tag
 * {@code "<version>"} in {@code ETag}, and a write names the one it was based on in {@code If-Match} (or
 * {@code If-None-Match: *} to make a document that does not exist). Compared strongly: a weak tag never matches.
 */
final class EntityTags {

    /** One entity tag of a list: optionally weak, quoted, of the characters RFC 9110 allows. */
    private static final Pattern TAG = Pattern.compile("\\s*(W/)?\"([\\x21\\x23-\\x7e]*)\"\\s*(,|$)");
    private static final String ANY = "*";

    private EntityTags() {
    }

    static String quote(String version) {
        return "\"" + version + "\"";
    }

    /**
     * What a write is conditioned on.
     *
     * @param create   {@code If-None-Match: *}: the document must not exist
     * @param any      {@code If-Match: *}: whatever version it has, as long as it exists
     * @param versions the strong tags of {@code If-Match}; a weak one is kept as {@code W/<tag>}, which no version is
     */
    record Condition(boolean create, boolean any, List<String> versions) {

        /**
         * The version a write based on this condition must find: the current one if the condition holds for it, else
         * one it does not have (the write is then refused as stale, naming the current one).
         */
        Optional<String> expected(Optional<String> current) {
            if (create) {
                return Optional.empty();
            }
            if (any || current.isPresent() && versions.contains(current.get())) {
                return Optional.of(current.orElse(ANY));
            }
            return Optional.of(versions.get(0));
        }
    }

    /**
     * The condition of a write from its headers (each header's values as received); empty when it has none (a write
     * must have one: 428).
     *
     * @throws IllegalArgumentException for a header that is not a list of quoted entity tags, or {@code *}
     */
    static Optional<Condition> condition(List<String> ifMatch, List<String> ifNoneMatch) {
        String match = String.join(", ", ifMatch == null ? List.of() : ifMatch).strip();
        String noneMatch = String.join(", ", ifNoneMatch == null ? List.of() : ifNoneMatch).strip();
        if (!noneMatch.isEmpty()) {
            if (!noneMatch.equals(ANY) || !match.isEmpty()) {
                throw new IllegalArgumentException("If-None-Match: only * is accepted, alone: it makes a document that"
                    + " does not exist yet");
            }
            return Optional.of(new Condition(true, false, List.of()));
        }
        if (match.isEmpty()) {
            return Optional.empty();
        }
        if (match.equals(ANY)) {
            return Optional.of(new Condition(false, true, List.of()));
        }
        return Optional.of(new Condition(false, false, tags(match)));
    }

    private static List<String> tags(String header) {
        List<String> out = new ArrayList<>();
        Matcher m = TAG.matcher(header);
        int at = 0;
        while (at < header.length()) {
            if (!m.find(at) || m.start() != at) {
                throw new IllegalArgumentException("If-Match = '" + header + "': expected the ETag a read gave, quoted,"
                    + " e.g. If-Match: \"1796395620446.0@n2\" (or *)");
            }
            out.add((m.group(1) == null ? "" : "W/") + m.group(2));
            at = m.end();
        }
        return out;
    }
}
