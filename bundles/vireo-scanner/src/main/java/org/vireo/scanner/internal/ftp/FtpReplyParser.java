package org.vireo.scanner.internal.ftp;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the replies of an origin server a line at a time (each without its CRLF), multi-line ones included (RFC 959
 * section 4.2: {@code 123-first}, any lines, {@code 123 last}). Bounded: a line longer than {@link #MAX_LINE_CHARS}
 * or a reply of more than {@link #MAX_LINES} lines is refused, so that a server cannot make the proxy hold an
 * unbounded reply. After a refusal the stream cannot be trusted, so every later line is refused the same way.
 * One per origin connection; not thread-safe.
 */
final class FtpReplyParser {

    /** Longer than any reply line servers send (their file names are bounded by PATH_MAX in 257 replies, 4096). */
    static final int MAX_LINE_CHARS = 2048;
    /** Enough for FEAT, HELP and banners; a STAT listing of a directory of more entries is refused. */
    static final int MAX_LINES = 1000;

    private final List<String> lines = new ArrayList<>();
    private int code = -1;
    private FtpRefusal refused;

    /** The reply {@code line} completes, or null while a multi-line reply goes on. */
    FtpReply feed(String line) throws FtpRefusal {
        if (refused != null) {
            throw refused;
        }
        try {
            return read(line);
        } catch (FtpRefusal refusal) {
            refused = refusal;
            lines.clear();
            throw refusal;
        }
    }

    /** Whether a multi-line reply has begun and not ended: the origin closing now cut it short. */
    boolean inReply() {
        return code >= 0;
    }

    private FtpReply read(String line) throws FtpRefusal {
        if (line.length() > MAX_LINE_CHARS) {
            throw malformed("a line longer than " + MAX_LINE_CHARS + " characters");
        }
        if (!FtpText.isLine(line)) {
            throw malformed("a NUL, CR or LF within a line");
        }
        return code < 0 ? first(line) : next(line);
    }

    private FtpReply first(String line) throws FtpRefusal {
        if (line.length() < 4 || line.charAt(0) < '1' || line.charAt(0) > '5' || !FtpReply.isDigit(line.charAt(1))
            || !FtpReply.isDigit(line.charAt(2)) || line.charAt(3) != ' ' && line.charAt(3) != '-') {
            throw malformed("a first line that is not a code (three digits, 1xx-5xx) then a space or '-'");
        }
        int replyCode = Integer.parseInt(line, 0, 3, 10);
        if (line.charAt(3) == ' ') {
            return FtpReply.of(replyCode, line.substring(4));
        }
        code = replyCode;
        lines.add(line.substring(4));
        return null;
    }

    private FtpReply next(String line) throws FtpRefusal {
        if (line.length() >= 4 && line.charAt(3) == ' ' && line.startsWith(Integer.toString(code))) {
            lines.add(line.substring(4));
            FtpReply reply = new FtpReply(code, lines);
            lines.clear();
            code = -1;
            return reply;
        }
        if (lines.size() + 1 >= MAX_LINES) { // the last line still to come would be one more
            throw malformed("a multi-line reply of more than " + MAX_LINES + " lines");
        }
        lines.add(line);
        return null;
    }

    private static FtpRefusal malformed(String what) {
        return new FtpRefusal(421, "The origin server sent a malformed reply (" + what + "), closing control"
            + " connection");
    }
}
