package org.vireo.cluster;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The version of one change to a replicated document: a hybrid logical clock reading (wall-clock milliseconds and a
 * counter that orders changes within one millisecond and across skewed clocks) and the id of the node that made
 * the change. Versions are totally ordered (time, then counter, then node id), so concurrent edits of one
 * document on two sides of a partition resolve to the same winner on every node: the higher version.
 *
 * @param millis  the clock's physical part, milliseconds since the epoch (never behind the node's wall clock at
 *                the change, possibly ahead of it when a peer's clock is)
 * @param counter orders versions with equal {@code millis}, 0-65535
 * @param node    the node that made the change: 1-63 of {@code A-Za-z0-9._-}, as {@code org.vireo.node}'s name
 */
public record DocumentVersion(long millis, int counter, String node) implements Comparable<DocumentVersion> {

    /** Counters above this are refused: a clock that needs more changes in one millisecond is broken. */
    public static final int MAX_COUNTER = 0xffff;
    private static final Pattern NODE = Pattern.compile("[A-Za-z0-9._-]{1,63}");
    private static final Pattern TEXT = Pattern.compile("(\\d{1,19})\\.(\\d{1,5})@(.+)");

    public DocumentVersion {
        if (millis < 0) {
            throw new IllegalArgumentException("version millis " + millis + ": expected 0 or more");
        }
        if (counter < 0 || counter > MAX_COUNTER) {
            throw new IllegalArgumentException("version counter " + counter + ": expected 0-" + MAX_COUNTER);
        }
        if (node == null || !NODE.matcher(node).matches()) {
            throw new IllegalArgumentException("version node '" + node + "': expected 1-63 of A-Za-z0-9._-");
        }
    }

    @Override
    public int compareTo(DocumentVersion other) {
        int byTime = Long.compare(millis, other.millis);
        if (byTime != 0) {
            return byTime;
        }
        int byCounter = Integer.compare(counter, other.counter);
        return byCounter != 0 ? byCounter : node.compareTo(other.node);
    }

    /** Whether this version wins over {@code other} (is higher). */
    public boolean isNewerThan(DocumentVersion other) {
        return compareTo(other) > 0;
    }

    /** The stored and shown form, {@code <millis>.<counter>@<node>}, which {@link #parse} reads back. */
    @Override
    public String toString() {
        return millis + "." + counter + "@" + node;
    }

    /** Reads {@link #toString()}'s form; refuses anything else, naming what is expected. */
    public static DocumentVersion parse(String text) {
        Matcher m = text == null ? null : TEXT.matcher(text);
        if (m == null || !m.matches()) {
            throw new IllegalArgumentException("version '" + text + "': expected <millis>.<counter>@<node>, e.g. "
                + "1796016901038.0@n1");
        }
        try {
            return new DocumentVersion(Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)), m.group(3));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("version '" + text + "': millis out of range", e);
        }
    }
}
