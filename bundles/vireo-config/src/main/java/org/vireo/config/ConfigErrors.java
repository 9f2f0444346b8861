package org.vireo.config;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The errors of one configuration, bounded whatever the input: the first {@value #KEPT} are kept, each cut to
 * {@value #MAX_CHARS} characters with control characters escaped (a garbled file's bytes end up in them), and
 * the rest are only counted. A configuration of a million bad keys costs a few kilobytes to refuse, to log and
 * to keep as the component's refusal.
 */
public final class ConfigErrors extends AbstractList<String> {

    /** Errors kept word for word; the rest are counted ({@code "; and 9,995 more"}). */
    public static final int KEPT = 10;
    /** At most this many characters of one error. */
    public static final int MAX_CHARS = 400;

    private final List<String> kept = new ArrayList<>();
    private long more;

    @Override
    public boolean add(String error) {
        if (kept.size() < KEPT) {
            kept.add(shorten(error, MAX_CHARS));
        } else {
            more++;
        }
        return true;
    }

    /** Counts {@code n} further errors that are not spelled out. */
    public void countMore(long n) {
        more += n;
    }

    /** Takes over another collection's errors and its count. */
    public void include(ConfigErrors other) {
        other.kept.forEach(this::add);
        more += other.more;
    }

    @Override
    public String get(int index) {
        return kept.get(index);
    }

    /** The errors kept; {@link #total()} counts all. */
    @Override
    public int size() {
        return kept.size();
    }

    public long total() {
        return kept.size() + more;
    }

    /** {@code "e1; e2; ...; e10; and 9,995 more"}. */
    public String joined() {
        String shown = String.join("; ", kept);
        return more == 0 ? shown : shown + String.format(Locale.ROOT, "; and %,d more", more);
    }

    /**
     * {@code text} for a message: control characters as {@code \\uXXXX}, at most {@code max} characters (the cut
     * marked with {@code ...}, never inside a surrogate pair).
     */
    public static String shorten(String text, int max) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), max) + 8);
        for (int i = 0; i < text.length(); i++) {
            if (out.length() >= max) {
                if (Character.isLowSurrogate(text.charAt(i)) && Character.isHighSurrogate(out.charAt(out.length() - 1))) {
                    out.setLength(out.length() - 1);
                }
                return out.append("...").toString();
            }
            char c = text.charAt(i);
            if (Character.isISOControl(c)) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
