package org.vireo.rules.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The errors found in a rules file and the lists it names: the first {@value #KEPT} are kept, the rest only counted,
 * and each message is cut to {@value #MAX_MESSAGE} characters, so that a file of a million bad lines costs no more
 * memory and no longer a message than one of ten (a node once printed 87 MB and grew by 3 GB for such a file).
 * Not thread-safe: one per load.
 */
final class Problems {

    static final int KEPT = 10;
    static final int MAX_MESSAGE = 600;
    /** How much of a value from the file a message quotes. */
    static final int MAX_QUOTED = 80;

    private final List<String> first = new ArrayList<>(KEPT);
    private long count;

    void add(String message) {
        if (count++ < KEPT) {
            first.add(message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE - 3) + "...");
        }
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** Every error found, kept or not. */
    long count() {
        return count;
    }

    /** The first errors, in the order found. */
    List<String> first() {
        return List.copyOf(first);
    }

    /** Errors found beyond those kept. */
    long more() {
        return count - first.size();
    }

    /** The first {@code shown} errors, then {@code and <n> more}; one line, as a log or a status shows it. */
    String summary(int shown) {
        return summary(first, count, shown);
    }

    static String summary(List<String> first, long count, int shown) {
        return String.join("; ", lines(first, count, shown));
    }

    /** {@link #summary}'s parts: the first {@code shown} errors, then {@code and <n> more errors} if there are. */
    static List<String> lines(List<String> first, long count, int shown) {
        List<String> out = new ArrayList<>(first.subList(0, Math.min(shown, first.size())));
        long rest = count - out.size();
        if (rest > 0) {
            out.add("and " + rest + " more error" + (rest == 1 ? "" : "s"));
        }
        return out;
    }

    /** A value from the file as a message quotes it: at most {@value #MAX_QUOTED} characters of it. */
    static String cut(String value) {
        return value.length() <= MAX_QUOTED ? value : value.substring(0, MAX_QUOTED) + "... ("
            + value.length() + " characters)";
    }
}
