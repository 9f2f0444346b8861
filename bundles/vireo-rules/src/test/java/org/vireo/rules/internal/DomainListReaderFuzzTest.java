package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.testkit.fuzz.Allocation;

/**
 * Fuzz target of {@link DomainListReader#read}, a domain or category list file as the loader reads it. Invariants:
 * the reader has no refusal of its own but the errors it reports (an {@link IOException} can only come from the
 * stream, and a byte array's never fails), so nothing may escape; it keeps at most {@link Problems#KEPT} errors of
 * at most {@link Problems#MAX_MESSAGE} characters; reading is deterministic; every line that is plainly a name (a
 * simpler grammar than the reader's: lower-case letters, digits and '-', a letter in the last label) is in the list
 * with its subdomains, and the list holds no more names than the input has lines; the list's heap and the bytes
 * allocated while reading are bounded by the input's size. Seeds: the list examples of docs/rules.md and the tests.
 */
class DomainListReaderFuzzTest {

    /** The 64 KiB read buffer, the line buffers and the builder's first arrays. */
    static final long ALLOCATION_BASE = 256 * 1024;
    /** Arrays that double as they grow, and the messages of bad lines (kept or only counted). */
    static final long ALLOCATION_PER_BYTE = 2048;
    /** Names back to back, an end offset and a hash slot or two per name, an exact-only bit. */
    static final long MEMORY_PER_BYTE = 24;


    @FuzzTest
    void aListReadsItsNamesWithBoundedErrorsAndMemory(byte[] input) {
        Problems problems = new Problems();
        DomainList list = read(input, problems);
        Problems again = new Problems();
        Allocation.Measured<DomainList> second = Allocation.of(() -> read(input, again));

        assertThat(problems.first()).hasSizeLessThanOrEqualTo(Problems.KEPT)
            .allSatisfy(error -> assertThat(error).hasSizeLessThanOrEqualTo(Problems.MAX_MESSAGE));
        assertThat(again.first()).isEqualTo(problems.first());
        assertThat(again.count()).isEqualTo(problems.count());
        assertThat(second.value().size()).isEqualTo(list.size());
        assertThat(list.memoryBytes()).isLessThanOrEqualTo(4096 + MEMORY_PER_BYTE * input.length);
        assertThat(second.bytes()).as("bytes allocated for %d bytes of input", input.length)
            .isLessThanOrEqualTo(ALLOCATION_BASE + ALLOCATION_PER_BYTE * input.length);

        Set<String> plain = new HashSet<>();
        int lines = 1;
        for (String line : new String(input, StandardCharsets.ISO_8859_1).split("\n", -1)) {
            String name = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            if (isPlainName(name)) {
                plain.add(name);
            }
            lines++;
        }
        assertThat(list.size()).isLessThanOrEqualTo(lines);
        for (String name : plain) {
            assertThat(list.contains(name)).as(name).isTrue();
            assertThat(list.contains("sub." + name)).as("sub." + name).isTrue();
        }
    }

    /** Labels of 1-20 lower-case letters, digits or '-', at most five, the last starting with a letter. */
    private static boolean isPlainName(String name) {
        String[] labels = name.split("\\.", -1);
        if (labels.length > 5) {
            return false;
        }
        for (String label : labels) {
            if (label.isEmpty() || label.length() > 20
                || !label.chars().allMatch(c -> c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) {
                return false;
            }
        }
        char first = labels[labels.length - 1].charAt(0);
        return first >= 'a' && first <= 'z';
    }

    private static DomainList read(byte[] input, Problems problems) {
        try {
            return DomainListReader.read("list.txt", new ByteArrayInputStream(input), problems);
        } catch (IOException e) {
            throw new UncheckedIOException("a byte array does not fail to read", e);
        }
    }
}
