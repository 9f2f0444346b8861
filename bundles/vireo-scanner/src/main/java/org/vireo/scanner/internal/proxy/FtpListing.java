package org.vireo.scanner.internal.proxy;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A directory's {@code LIST} as an HTML page, written as its lines come: each line as the server sent it, escaped,
 * its name a link where the line reads as {@code ls -l}'s (the form nearly every server sends; others stay plain
 * text). Text comes as the server's bytes ({@linkplain org.vireo.scanner.internal.ftp.FtpText as chars}): shown as
 * UTF-8, linked as the bytes themselves, percent-encoded, so that the link names the file whatever its charset.
 */
final class FtpListing {

    static final String END = "</pre>" + Responses.PAGE_END;

    /**
     * Type and permissions, links, owner, group (some servers leave it out), size, month, day, time or year, then
     * one space and the name.
     */
    private static final Pattern LS_LINE = Pattern.compile("^([-dlbcps])[-rwxsStTl]{9}\\S*\\s+\\d+\\s+\\S+\\s+"
        + "(?:\\S+\\s+)?\\d+\\s+[A-Za-z]{3}\\s+\\d{1,2}\\s+(?:\\d{1,2}:\\d{2}|\\d{4}) (.+)$");
    private static final String SYMLINK_ARROW = " -> ";

    private FtpListing() {
    }

    /** The page up to its first line: the directory's URL as the title, and a link to the parent. */
    static String start(FtpUrl url) {
        String path = url.directory();
        String parent = path.equals("/") ? null : path.substring(0, path.lastIndexOf('/', path.length() - 2) + 1);
        return Responses.pageStart("Index of " + shown("ftp://" + url.authority() + path))
            + (parent == null ? "" : "<p><a href=\"" + href(parent) + "\">Parent directory</a></p>\n") + "<pre>\n";
    }

    /** One line of the listing of {@code directory} (a path ending in {@code /}), without its line end. */
    static String line(String directory, String line) {
        Matcher ls = LS_LINE.matcher(line);
        if (!ls.matches()) {
            return escaped(line) + "\n";
        }
        int nameStart = ls.start(2);
        int arrow = ls.group(1).equals("l") ? line.indexOf(SYMLINK_ARROW, nameStart) : -1;
        int nameEnd = arrow < 0 ? line.length() : arrow;
        String name = line.substring(nameStart, nameEnd);
        if (name.equals(".") || name.equals("..")) {
            return escaped(line) + "\n";
        }
        String target = directory + name + (ls.group(1).equals("d") ? "/" : "");
        return escaped(line.substring(0, nameStart)) + "<a href=\"" + href(target) + "\">" + escaped(name) + "</a>"
            + escaped(line.substring(nameEnd)) + "\n";
    }

    /** Bytes as chars, shown: read as UTF-8, HTML-escaped. */
    private static String escaped(String bytes) {
        return Responses.escape(shown(bytes));
    }

    private static String shown(String bytes) {
        return new String(bytes.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    /**
     * An absolute-path reference to {@code path} (the page's scheme and authority, its user included, carry over):
     * every byte but unreserved ones and {@code /} percent-encoded, so nothing in it is HTML or ends the attribute.
     */
    private static String href(String path) {
        StringBuilder out = new StringBuilder(path.length() + 16);
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "-._~/".indexOf(c) >= 0)) {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                    .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }
}
