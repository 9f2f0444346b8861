package org.vireo.scanner.internal.rules;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a domain list file (one name a line, {@code #} comments and blank lines allowed) straight from its bytes:
 * no String per line, so a million names load in a fraction of a second.
 */
final class DomainListReader {

    static final int MAX_ERRORS = 10;

    private DomainListReader() {
    }

    /**
     * Reads the list; problems are added to {@code errors} as {@code <fileName>:<line>: <reason>} (at most
     * {@link #MAX_ERRORS}, then a count).
     */
    static DomainList read(String fileName, InputStream in, List<String> errors) throws IOException {
        DomainList.Builder builder = new DomainList.Builder(fileName);
        List<String> problems = new ArrayList<>();
        int problemCount = 0;
        byte[] buffer = new byte[1 << 16];
        byte[] line = new byte[512];
        int lineLength = 0;
        int lineNumber = 1;
        boolean atEnd = false;
        while (!atEnd) {
            int n = in.read(buffer);
            atEnd = n < 0;
            for (int i = 0; i < n || atEnd && i == 0; i++) {
                if (atEnd || buffer[i] == '\n') {
                    String problem = addLine(builder, line, lineLength);
                    if (problem != null && problemCount++ < MAX_ERRORS) {
                        problems.add(fileName + ":" + lineNumber + ": " + problem);
                    }
                    lineLength = 0;
                    lineNumber++;
                    if (atEnd) {
                        break;
                    }
                } else {
                    if (lineLength == line.length) {
                        line = java.util.Arrays.copyOf(line, line.length * 2);
                    }
                    line[lineLength++] = buffer[i];
                }
            }
        }
        if (problemCount > MAX_ERRORS) {
            problems.add(fileName + ": " + (problemCount - MAX_ERRORS) + " more lines refused");
        }
        errors.addAll(problems);
        return builder.build();
    }

    private static String addLine(DomainList.Builder builder, byte[] line, int length) {
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
        String text = new String(line, start, end - start, java.nio.charset.StandardCharsets.ISO_8859_1);
        if (rest < end && line[rest] != '#') {
            return "'" + text + "': one name a line (a comment after it starts with '#'); " + DomainNames.ACCEPTED;
        }
        String problem = addName(builder, line, start, token);
        return problem == null ? null : "'" + text + "': " + problem + "; " + DomainNames.ACCEPTED;
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
