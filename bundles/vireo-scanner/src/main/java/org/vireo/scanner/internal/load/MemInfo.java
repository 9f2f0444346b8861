package org.vireo.scanner.internal.load;

import java.util.Optional;

/** Reads the machine's memory from the text of {@code /proc/meminfo}. Pure: the caller reads the file. */
final class MemInfo {

    private static final long KIB = 1024;

    private MemInfo() {
    }

    /**
     * @param content the text of {@code /proc/meminfo} ({@code MemTotal:  16333716 kB} lines)
     * @return used (MemTotal minus MemAvailable) and total, or empty when either line is missing or unreadable
     *         (kernels before 3.14 have no MemAvailable, and free memory alone would count the page cache as used)
     */
    static Optional<SystemMemory> parse(String content) {
        long total = -1;
        long available = -1;
        for (String line : content.split("\n")) {
            if (line.startsWith("MemTotal:")) {
                total = kibibytes(line);
            } else if (line.startsWith("MemAvailable:")) {
                available = kibibytes(line);
            }
        }
        if (total < 0 || available < 0 || available > total) {
            return Optional.empty();
        }
        return Optional.of(new SystemMemory((total - available) * KIB, total * KIB));
    }

    /** The value of a {@code Key:   1234 kB} line, or -1 when it is not one. */
    private static long kibibytes(String line) {
        String[] words = line.substring(line.indexOf(':') + 1).trim().split("\\s+");
        if (words.length != 2 || !words[1].equals("kB")) {
            return -1;
        }
        try {
            return Long.parseLong(words[0]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
