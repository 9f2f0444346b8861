package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.rules.RequestFacts;
import org.vireo.rules.Verdict;
import org.vireo.testkit.fuzz.Allocation;

/**
 * Fuzz target of {@link RulesParser#parse}, the rules file as the loader reads it (UTF-8), with every list it names
 * read from the input too: the bytes up to the first NUL are the rules file, the rest is the content of every list.
 * Invariants: the parser has no exception of its own, its refusal is the errors it reports, so nothing may escape;
 * it keeps at most {@link Problems#KEPT} errors of at most {@link Problems#MAX_MESSAGE} characters, and counts at
 * least as many as it keeps; a file parses or is refused, never both, and parsing is deterministic (the same rules,
 * errors and count twice); a parsed file has its default; it allocates at most {@link #ALLOCATION_BASE} plus
 * {@link #ALLOCATION_PER_BYTE} per input byte (what it keeps is bounded too, by the first invariants); and the rule
 * set it makes decides any request without an exception, never undecided once the destination is known. Seeds:
 * the examples of docs/rules.md and the files of the rules tests.
 */
class RulesParserFuzzTest {

    /** The decoded String, its lines and tokens, compiled regular expressions, the reused list. */
    static final long ALLOCATION_BASE = 1 << 20;
    /** A short bad line makes a message of a few hundred characters (kept or only counted). */
    static final long ALLOCATION_PER_BYTE = 4096;

    private static final InetAddress CLIENT = address("10.1.2.3");
    private static final List<InetAddress> DESTINATIONS = List.of(address("10.20.1.1"), address("2001:db8::1"),
        address("127.0.0.1"));

    @FuzzTest
    void aRulesFileParsesOrIsRefusedWithBoundedErrors(byte[] input) {
        int nul = indexOf(input, (byte) 0);
        String rules = new String(input, 0, nul, StandardCharsets.UTF_8);
        byte[] list = nul < input.length ? Arrays.copyOfRange(input, nul + 1, input.length) : new byte[0];

        Outcome first = parse(rules, list);
        Allocation.Measured<Outcome> measured = Allocation.of(() -> parse(rules, list));
        Outcome second = measured.value();

        assertThat(first.problems.first()).hasSizeLessThanOrEqualTo(Problems.KEPT)
            .allSatisfy(error -> assertThat(error).hasSizeLessThanOrEqualTo(Problems.MAX_MESSAGE));
        assertThat(first.problems.count()).isGreaterThanOrEqualTo(first.problems.first().size());
        assertThat(first.parsed == null).isEqualTo(!first.problems.isEmpty());
        assertThat(second.describe()).isEqualTo(first.describe());
        assertThat(measured.bytes()).as("bytes allocated for %d bytes of input", input.length)
            .isLessThanOrEqualTo(ALLOCATION_BASE + ALLOCATION_PER_BYTE * input.length);
        if (first.parsed != null) {
            assertThat(first.parsed.fallback()).isNotNull();
            decidesEveryRequest(first.parsed, rules);
        }
    }

    private static void decidesEveryRequest(RulesParser.Parsed parsed, String rules) {
        RuleSet set = new RuleSet(Path.of("rules.conf"), Instant.EPOCH, "", parsed.rules(), parsed.fallback(),
            List.of());
        String host = rules.isEmpty() ? "example.com" : firstWord(rules);
        for (RequestFacts request : List.of(
            new RequestFacts(CLIENT, "GET", host, 80, "http://" + host + "/"),
            new RequestFacts(CLIENT, "CONNECT", host, 443, host + ":443"))) {
            Verdict before = set.decide(request);
            assertThat(before.undecided() && before.allowed()).isFalse();
            set.explain(request);
            for (InetAddress destination : DESTINATIONS) {
                assertThat(set.decide(request.to(destination)).undecided()).isFalse();
            }
        }
    }

    private record Outcome(RulesParser.Parsed parsed, Problems problems) {

        String describe() {
            String rules = parsed == null ? "refused" : parsed.rules().stream()
                .map(r -> r.name() + "@" + r.line() + ":" + r.allow() + ":" + r.reason() + ":"
                    + r.conditions().stream().map(Condition::text).collect(Collectors.joining("|")))
                .collect(Collectors.joining("\n")) + "\ndefault " + parsed.fallback();
            return rules + "\n" + problems.first() + " +" + problems.more();
        }
    }

    private static Outcome parse(String rules, byte[] list) {
        Problems problems = new Problems();
        SameList lists = new SameList(list);
        return new Outcome(RulesParser.parse("rules.conf", rules, lists, problems), problems);
    }

    /** Every list the file names has the same content, read once as the loader reads a file once. */
    private static final class SameList implements RulesParser.Lists {

        private final byte[] content;
        private DomainList read;
        private long errorsWhenRead;

        SameList(byte[] content) {
            this.content = content;
        }

        @Override
        public DomainList load(String reference, boolean category, String where, Problems problems) {
            if (read == null) {
                long before = problems.count();
                try {
                    read = DomainListReader.read("list.txt", new ByteArrayInputStream(content), problems);
                } catch (IOException e) {
                    throw new UncheckedIOException("a byte array does not fail to read", e);
                }
                errorsWhenRead = problems.count() - before;
            }
            return errorsWhenRead == 0 ? read : null;
        }
    }

    private static String firstWord(String text) {
        String[] words = text.strip().split("\\s+", 3);
        String word = words.length > 2 ? words[words.length - 1] : words[0];
        return word.isEmpty() ? "example.com" : word.toLowerCase(java.util.Locale.ROOT);
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return bytes.length;
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
