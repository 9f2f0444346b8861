package org.vireo.scanner.internal.proxy.adversarial;

import java.io.ByteArrayOutputStream;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The suite's byte notation: {@code \r \n \t \\ \xNN} escapes, {@code {name}} placeholders and {@code {TEXT*N}}
 * repetitions in what a case sends, and the escaped form in which the origin's views show bytes. The harness script
 * (bench/adversarial.py) implements the same notation; a change here is a change there.
 */
final class Escapes {

    private static final Pattern REPEAT = Pattern.compile("\\{([^{}]*)\\*(\\d+)\\}");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z]+)\\}");

    private Escapes() {
    }

    /** The bytes of a case's send text: placeholders filled in, repetitions expanded, escapes decoded. */
    static byte[] bytes(String text, Map<String, String> placeholders) {
        Matcher p = PLACEHOLDER.matcher(text);
        StringBuilder filled = new StringBuilder();
        while (p.find()) {
            String value = placeholders.get(p.group(1));
            if (value == null) {
                throw new IllegalArgumentException("unknown placeholder {" + p.group(1) + "}");
            }
            p.appendReplacement(filled, Matcher.quoteReplacement(value));
        }
        p.appendTail(filled);
        Matcher r = REPEAT.matcher(filled);
        StringBuilder expanded = new StringBuilder();
        while (r.find()) {
            r.appendReplacement(expanded, Matcher.quoteReplacement(r.group(1).repeat(Integer.parseInt(r.group(2)))));
        }
        r.appendTail(expanded);
        return decode(expanded.toString());
    }

    /** Decodes the escapes of an ASCII text into bytes. */
    static byte[] decode(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c > 0x7e) {
                throw new IllegalArgumentException("not ASCII: write \\x" + Integer.toHexString(c));
            }
            if (c != '\\') {
                out.write(c);
                continue;
            }
            char e = i + 1 < text.length() ? text.charAt(++i) : '?';
            switch (e) {
                case 'r' -> out.write('\r');
                case 'n' -> out.write('\n');
                case 't' -> out.write('\t');
                case '\\' -> out.write('\\');
                case 'x' -> {
                    out.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
                    i += 2;
                }
                default -> throw new IllegalArgumentException("unknown escape \\" + e + " in " + text);
            }
        }
        return out.toByteArray();
    }

    /** Bytes as the views show them: printable ASCII as is, {@code \ "} escaped, the rest as escapes. */
    static String show(byte[] bytes, int from, int to) {
        StringBuilder s = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            int b = bytes[i] & 0xff;
            switch (b) {
                case '\r' -> s.append("\\r");
                case '\n' -> s.append("\\n");
                case '\t' -> s.append("\\t");
                case '\\' -> s.append("\\\\");
                case '"' -> s.append("\\\"");
                default -> {
                    if (b >= 0x20 && b < 0x7f) {
                        s.append((char) b);
                    } else {
                        s.append(String.format("\\x%02x", b));
                    }
                }
            }
        }
        return s.toString();
    }
}
