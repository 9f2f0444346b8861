package org.vireo.scanner.internal.access;

import java.time.Instant;
import java.util.Locale;

import org.vireo.api.TailRing;

/**
 * One exchange of the access log as the proxy keeps it in its recent list: the fields of the log's line, held as the
 * exchange had them (no formatting on the proxy's I/O threads).
 *
 * @param seq     its number in the recent list (1, 2, 3 ... since the scanner bundle started)
 * @param start   when the request head arrived
 * @param refusal the code of the proxy's refusal of the message, or null
 */
public record AccessEntry(long seq, Instant start, String client, String method, String target, int status,
                          long bytesUp, long bytesDown, long durationMs, String rule, String refusal)
    implements TailRing.Numbered {

    /** Targets are cut to this many characters in the list (a request line may be 8 KiB; the file has it whole). */
    public static final int MAX_TARGET = 1024;

    /** The target as the list holds it: the same string unless it is longer than {@value #MAX_TARGET}. */
    public static String listed(String target) {
        return target.length() <= MAX_TARGET ? target : target.substring(0, MAX_TARGET) + "...";
    }

    /**
     * The host the target names, in lower case: of an absolute URL ({@code http://user@Host:8080/x}), of a CONNECT's
     * {@code host:port} ({@code [::1]:443} gives {@code ::1}); empty for a target the proxy could not read.
     */
    public String host() {
        int scheme = target.indexOf("://");
        int from = scheme < 0 ? 0 : scheme + 3;
        int to = from;
        while (to < target.length() && "/?#".indexOf(target.charAt(to)) < 0) {
            to++;
        }
        String authority = target.substring(from, to);
        authority = authority.substring(authority.lastIndexOf('@') + 1);
        if (authority.startsWith("[")) {
            int end = authority.indexOf(']');
            return end < 0 ? "" : authority.substring(1, end).toLowerCase(Locale.ROOT);
        }
        int colon = authority.indexOf(':');
        return (colon < 0 ? authority : authority.substring(0, colon)).toLowerCase(Locale.ROOT);
    }
}
