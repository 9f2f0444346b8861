package org.vireo.rules.internal;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A deterministic domain list shaped like a real blocklist: {@code w123456.example-456.com}, every tenth name a
 * deeper {@code cdn3.img.w...}, several top-level domains, a comment every thousand lines.
 */
final class GeneratedDomains {

    private static final String[] TOP_LEVEL = {"com", "net", "org", "de", "co.uk", "info", "io"};

    private GeneratedDomains() {
    }

    /** The {@code i}-th listed name (distinct for every {@code i}). */
    static String listed(int i) {
        String name = "w" + i + ".example-" + (i % 1000) + "." + TOP_LEVEL[i % TOP_LEVEL.length];
        return i % 10 == 0 ? "cdn" + (i % 7) + ".img." + name : name;
    }

    /** A name like the listed ones that no listed name covers. */
    static String unlisted(int i) {
        return "x" + i + ".example-" + (i % 1000) + "." + TOP_LEVEL[i % TOP_LEVEL.length];
    }

    static void write(Path file, int count) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            for (int i = 0; i < count; i++) {
                if (i % 1000 == 0) {
                    out.write("# block " + i / 1000 + "\n");
                }
                out.write(listed(i));
                out.write('\n');
            }
        }
    }
}
