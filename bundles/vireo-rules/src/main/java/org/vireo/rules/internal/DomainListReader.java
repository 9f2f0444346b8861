package org.vireo.rules.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a domain list file (one name a line, {@code #} comments and blank lines allowed) straight from its bytes:
 * no String per line, so a million names load in a fraction of a second.
 */
final class DomainListReader {

    /**
     * The bytes of a line kept: a name is at most 254 bytes with its {@code =} and a trailing dot, so what lies
     * beyond can only be a comment or make the line wrong; a line of a gigabyte must not take a gigabyte.
     */
    static final int MAX_LINE = 1024;

    private DomainListReader() {
    }

    /** Reads the list; problems are added to {@code errors} as {@code <fileName>:<line>: <reason>}. */
    static DomainList read(String fileName, InputStream in, Problems errors) throws IOException {
        DomainList.Builder builder = new DomainList.Builder(fileName);
        byte[] buffer = new byte[1 << 16];
        byte[] line = new byte[MAX_LINE];
        byte[] original = new byte[MAX_LINE];
        int lineLength = 0;
        long fullLength = 0;
        int lineNumber = 1;
        boolean atEnd = false;
        while (!atEnd) {
            int n = in.read(buffer);
            atEnd = n < 0;
            for (int i = 0; i < n || atEnd && i == 0; i++) {
                if (atEnd || buffer[i] == '\n') {
                    String problem = addLine(builder, line, original, lineLength, fullLength);
                    if (problem != null) {
                        errors.add(fileName + ":" + lineNumber + ": " + problem);
                    }
                    lineLength = 0;
                    fullLength = 0;
                    lineNumber++;
                    if (atEnd) {
                        break;
                    }
                } else {
                    if (lineLength < MAX_LINE) {
                        line[lineLength++] = buffer[i];
                    }
                    fullLength++;
                }
            }
        }
        return builder.build();
    }

    /**
     * Adds a line's name, if it has one; {@code line[0, length)} is its start, {@code fullLength} all of it, and
     * {@code original} room for a copy as written.
     */
    private static String addLine(DomainList.Builder builder, byte[] line, byte[] original, int length,
                                  long fullLength) {
        int start = 0;
        int end = length;
        while (start < end && isBlank(line[start])) {
            start++;
        }
        while (end > start && isBlank(line[end - 1])) {
            end--;
        }
        if (start == end || line[start] == '#') {
            return null;
        }
        int token = start;
        while (token < end && !isBlank(line[token])) {
            token++;
        }
        int rest = token;
        while (rest < end && isBlank(line[rest])) {
            rest++;
        }
        if (rest < end && line[rest] != '#') {
            return quoted(line, start, end) + ": one name a line (a comment after it starts with '#'); "
                + DomainNames.ACCEPTED;
        }
        if (token == end && fullLength > length) {
            return quoted(line, start, end) + ": a line of " + fullLength + " bytes; " + DomainNames.ACCEPTED;
        }
        System.arraycopy(line, start, original, 0, end - start); // addName lower-cases in place; messages quote
        String problem = addName(builder, line, start, token);
        return problem == null ? null : quoted(original, 0, end - start) + ": " + problem + "; " + DomainNames.ACCEPTED;
    }

    private static String quoted(byte[] line, int start, int end) {
        return "'" + Problems.cut(new String(line, start, end - start, StandardCharsets.ISO_8859_1)) + "'";
    }

    /** Adds one name as written ({@code =name}, {@code .name} or {@code name}); returns what is wrong with it. */
    static String addName(DomainList.Builder builder, byte[] bytes, int start, int end) {
        boolean exact = bytes[start] == '=';
        if (exact || bytes[start] == '.') {
            start++;
        }
        if (end > start && bytes[end - 1] == '.') {
            end--;
        }
        String problem = DomainNames.check(bytes, start, end);
        if (problem == null) {
            builder.add(bytes, start, end, exact);
        }
        return problem;
    }

    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\t' || b == '\r';
    }
}
