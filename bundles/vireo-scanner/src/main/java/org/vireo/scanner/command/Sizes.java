package org.vireo.scanner.command;

import java.util.Locale;

/** How the scanner's commands print a number of bytes. */
final class Sizes {

    private Sizes() {
    }

    static String mebibytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
