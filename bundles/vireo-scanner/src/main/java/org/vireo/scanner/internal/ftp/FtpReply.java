package org.vireo.scanner.internal.ftp;

import java.util.List;

/**
 * A server reply (RFC 959 section 4.2): a three-digit code and its lines. One line is a single-line reply
 * ({@code code SP text}); more are a multi-line one, the first and last being the text after {@code code-} and
 * {@code code SP}, the lines between kept as they came (RFC 959 lets them be anything). Text is
 * {@linkplain FtpText bytes as chars}.
 */
record FtpReply(int code, List<String> lines) {

    /** Checked here so that no reply, the proxy's own or one read, can break the framing of what the client reads. */
    FtpReply {
        if (code < 100 || code > 599) {
            throw new IllegalArgumentException("an FTP reply code is 100-599 (RFC 959 section 4.2): " + code);
        }
        lines = List.copyOf(lines);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("a reply has at least one line");
        }
        for (String line : lines) {
            if (!FtpText.isLine(line)) {
                throw new IllegalArgumentException("a reply line with CR, LF, NUL or a char above 0xff: " + line);
            }
        }
    }

    static FtpReply of(int code, String text) {
        return new FtpReply(code, List.of(text));
    }

    boolean isMultiLine() {
        return lines.size() > 1;
    }

    /** The reply as sent, each line ending in CRLF. */
    byte[] format() {
        StringBuilder out = new StringBuilder();
        int last = lines.size() - 1;
        for (int i = 0; i <= last; i++) {
            String line = lines.get(i);
            if (i == 0 || i == last) {
                out.append(code).append(i == last ? ' ' : '-');
            } else if (couldEndAReply(line)) {
                out.append(' '); // RFC 959 section 4.2: padded, so that no client takes it for the last line
            }
            out.append(line).append("\r\n");
        }
        return out.toString().getBytes(FtpText.CHARSET);
    }

    /** Three digits then a space or nothing: what a client, strict or lenient, may read as a reply's last line. */
    private static boolean couldEndAReply(String line) {
        return line.length() >= 3 && isDigit(line.charAt(0)) && isDigit(line.charAt(1)) && isDigit(line.charAt(2))
            && (line.length() == 3 || line.charAt(3) == ' ');
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
