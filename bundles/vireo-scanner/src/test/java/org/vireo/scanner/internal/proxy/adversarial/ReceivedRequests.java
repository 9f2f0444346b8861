package org.vireo.scanner.internal.proxy.adversarial;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What an origin connection has received, read strictly as HTTP/1.1 requests (RFC 9112) and shown in the suite's
 * normalised form: for each whole request its view, then what is left: nothing, a prefix of a request
 * ({@code !incomplete}), or bytes that are no request ({@code !malformed ...}). A strict reading on purpose: a
 * proxy that forwards something a lenient server would still take shows up as malformed.
 *
 * @param requests the views of the whole requests, in order
 * @param residue  null, {@link #INCOMPLETE}, or {@code !malformed <why>}
 */
record ReceivedRequests(List<String> requests, String residue) {

    static final String INCOMPLETE = "!incomplete";
    static final String PROBE_TARGET = "/__probe";

    /** The fields a proxy adds, owns or must rewrite: left out of the views (Host is shown when it differs). */
    private static final Set<String> OWNED = Set.of("via", "x-forwarded-for", "forwarded", "connection", "keep-alive",
        "proxy-connection", "te", "trailer", "content-length", "transfer-encoding");
    private static final Pattern METHOD = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Pattern TARGET = Pattern.compile("[\\x21-\\x7e]+");
    private static final Pattern VERSION = Pattern.compile("HTTP/[0-9]\\.[0-9]");
    private static final Pattern HEX = Pattern.compile("[0-9A-Fa-f]{1,15}");
    private static final int MAX_BODY = 1 << 20;

    private record Field(String name, String value) {
        String show() {
            return "[" + name + ": " + value + "]";
        }
    }

    private static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String why) {
            super(why, null, false, false);
        }
    }

    /** Not enough bytes yet. */
    private static final class Short extends Exception {
        private static final long serialVersionUID = 1L;

        Short() {
            super(null, null, false, false);
        }
    }

    /**
     * Reads the bytes one connection received.
     *
     * @param arrivedAt the authority the connection was made to ({@code 127.0.0.1:port}): a Host equal to it is
     *                  not shown
     * @param prefix    put before each view ("" or "service: ")
     */
    static ReceivedRequests read(byte[] bytes, int length, String arrivedAt, String prefix) {
        List<String> requests = new ArrayList<>();
        Cursor c = new Cursor(bytes, length);
        while (c.pos < length) {
            int start = c.pos;
            try {
                requests.add(prefix + request(c, arrivedAt));
            } catch (Short e) {
                return new ReceivedRequests(requests, INCOMPLETE);
            } catch (Malformed e) {
                return new ReceivedRequests(requests, "!malformed " + e.getMessage() + ": \""
                    + Escapes.show(bytes, start, Math.min(length, start + 60)) + "\"");
            }
        }
        return new ReceivedRequests(requests, null);
    }

    /** Whether a view is the harness's own probe, which the views leave out. */
    static boolean isProbe(String view) {
        String[] parts = view.split(" ");
        return parts[0].equals("GET") && parts[1].endsWith(PROBE_TARGET);
    }

    private static String request(Cursor c, String arrivedAt) throws Short, Malformed {
        String[] line = c.line().split(" ", -1);
        if (line.length != 3 || !METHOD.matcher(line[0]).matches() || !TARGET.matcher(line[1]).matches()
            || !VERSION.matcher(line[2]).matches()) {
            throw new Malformed("request line");
        }
        List<Field> fields = fields(c);
        List<String> codings = values(fields, "transfer-encoding");
        List<String> lengths = values(fields, "content-length");
        String body;
        List<Field> trailers = List.of();
        if (!codings.isEmpty()) {
            if (codings.size() != 1 || !codings.get(0).equalsIgnoreCase("chunked") || !lengths.isEmpty()) {
                throw new Malformed("framing " + codings + " " + lengths);
            }
            StringBuilder data = new StringBuilder();
            for (int size; (size = chunkSize(c)) > 0; ) {
                data.append(Escapes.show(c.bytes, c.take(size), c.pos));
                c.crlf();
            }
            body = data.toString();
            trailers = fields(c);
        } else if (!lengths.isEmpty()) {
            if (lengths.size() != 1 || !lengths.get(0).matches("[0-9]{1,7}")
                || Integer.parseInt(lengths.get(0)) > MAX_BODY) {
                throw new Malformed("content-length " + lengths);
            }
            int n = Integer.parseInt(lengths.get(0));
            body = Escapes.show(c.bytes, c.take(n), c.pos);
        } else {
            body = "";
        }
        String target = line[1].startsWith("http://" + arrivedAt + "/") // absolute-form naming this origin
            ? line[1].substring(("http://" + arrivedAt).length()) : line[1];
        StringBuilder view = new StringBuilder(line[0]).append(' ').append(target);
        if (!line[2].equals("HTTP/1.1")) {
            view.append(' ').append(line[2]);
        }
        fields.stream().filter(f -> !OWNED.contains(f.name()))
            .filter(f -> !(f.name().equals("host") && f.value().equals(arrivedAt)))
            .sorted(Comparator.comparing(Field::name))
            .forEach(f -> view.append(' ').append(f.show()));
        if (!body.isEmpty()) {
            view.append(" body \"").append(body).append('"');
        }
        trailers.stream().sorted(Comparator.comparing(Field::name))
            .forEach(f -> view.append(" trailer ").append(f.show()));
        return view.toString();
    }

    private static List<Field> fields(Cursor c) throws Short, Malformed {
        List<Field> fields = new ArrayList<>();
        for (String line; !(line = c.line()).isEmpty(); ) {
            int colon = line.indexOf(':');
            if (colon <= 0 || !METHOD.matcher(line.substring(0, colon)).matches()) {
                throw new Malformed("field line");
            }
            String value = line.substring(colon + 1).replaceAll("^[ \\t]+|[ \\t]+$", "");
            for (int i = 0; i < value.length(); i++) {
                char ch = value.charAt(i);
                if (ch < 0x20 && ch != '\t' || ch == 0x7f) {
                    throw new Malformed("field value");
                }
            }
            byte[] raw = value.getBytes(StandardCharsets.ISO_8859_1);
            fields.add(new Field(line.substring(0, colon).toLowerCase(Locale.ROOT), Escapes.show(raw, 0, raw.length)));
        }
        return fields;
    }

    private static List<String> values(List<Field> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).map(Field::value).toList();
    }

    private static int chunkSize(Cursor c) throws Short, Malformed {
        String line = c.line();
        int semicolon = line.indexOf(';');
        String size = semicolon < 0 ? line : line.substring(0, semicolon);
        if (!HEX.matcher(size).matches() || Long.parseLong(size, 16) > MAX_BODY) {
            throw new Malformed("chunk size");
        }
        return Integer.parseInt(size, 16);
    }

    /** A read position in the bytes received so far. */
    private static final class Cursor {
        final byte[] bytes;
        final int length;
        int pos;

        Cursor(byte[] bytes, int length) {
            this.bytes = bytes;
            this.length = length;
        }

        /** The next line without its CRLF; a bare CR or LF is malformed. */
        String line() throws Short, Malformed {
            for (int i = pos; i < length; i++) {
                if (bytes[i] == '\n') {
                    throw new Malformed("bare LF");
                }
                if (bytes[i] == '\r') {
                    if (i + 1 >= length) {
                        throw new Short();
                    }
                    if (bytes[i + 1] != '\n') {
                        throw new Malformed("bare CR");
                    }
                    String line = new String(bytes, pos, i - pos, StandardCharsets.ISO_8859_1);
                    pos = i + 2;
                    return line;
                }
            }
            if (length - pos > 65_536) {
                throw new Malformed("line too long");
            }
            throw new Short();
        }

        /** Takes n bytes; returns where they start. */
        int take(int n) throws Short {
            if (length - pos < n) {
                throw new Short();
            }
            int start = pos;
            pos += n;
            return start;
        }

        void crlf() throws Short, Malformed {
            take(2);
            if (bytes[pos - 2] != '\r' || bytes[pos - 1] != '\n') {
                throw new Malformed("no CRLF after chunk data");
            }
        }
    }
}
