package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@ExtendWith(RulesFixture.Resolver.class)
class RulesErrorsTest {

    private static final String ADDRESSES = "expected an IPv4 or IPv6 address or network (10.1.0.0/16, 2001:db8::/32)";

    private final RulesFixture rules;
    private final Path directory;

    RulesErrorsTest(RulesFixture rules) {
        this.rules = rules;
        this.directory = rules.directory();
    }

    @Test
    void aPrefixLengthOutOfRangeNamesTheFamilysRange() throws IOException {
        assertThat(rules.refused("# header\n\nrule r block client 10.0.0.0/33\nrule s block client 2001:db8::/129\n"
            + "default allow\n"))
            .containsExactly("rules.conf:3: client 10.0.0.0/33: prefix length must be 0-32 for IPv4",
                "rules.conf:4: client 2001:db8::/129: prefix length must be 0-128 for IPv6");
    }

    @Test
    void badAddressesAndHostBitsAreRefused() throws IOException {
        assertThat(rules.refused("rule r block client 10.0.0.256,intranet,10.1.2.3/16\ndefault allow\n"))
            .containsExactly(
            "rules.conf:1: client 10.0.0.256: " + ADDRESSES,
            "rules.conf:1: client intranet: " + ADDRESSES,
            "rules.conf:1: client 10.1.2.3/16: address bits set beyond the prefix length: expected the network's "
                + "first address, e.g. 10.1.0.0/16");
    }

    @Test
    void destinationsAreCheckedAsAddressesAreAndLeadingZerosAreRefused() throws IOException {
        assertThat(rules.refused("rule r allow destination 10.20.0.0/16,intranet,010.0.0.0/8,::ffff:127.0.0.1\n"
            + "default allow\n")).containsExactly(
            "rules.conf:1: destination intranet: " + ADDRESSES,
            "rules.conf:1: destination 010.0.0.0/8: " + ADDRESSES,
            "rules.conf:1: destination ::ffff:127.0.0.1: " + ADDRESSES);
    }

    @Test
    void aListFileThatDoesNotExistIsRefused() throws IOException {
        assertThat(rules.refused("rule r block domain-list missing.txt\nrule s block category nosuch\n"
            + "default allow\n"))
            .containsExactly(
                "rules.conf:1: domain-list missing.txt: no such file " + directory.resolve("missing.txt")
                    + ": expected a list file next to the rules file",
                "rules.conf:2: category nosuch: no such file " + directory.resolve("lists/nosuch.txt")
                    + ": expected a list lists/<category>.txt next to the rules file");
    }

    @Test
    void aBadLineInAListIsRefusedWithTheListsLine() throws IOException {
        rules.file("lists/adult.txt", "adult.example\nhttp://adult.example/\n");

        assertThat(rules.refused("rule r block category adult\ndefault allow\n")).containsExactly(
            "lists/adult.txt:2: 'http://adult.example/': address or port (':'); " + DomainNames.ACCEPTED);
    }

    static Stream<Arguments> filesWithOneError() {
        return Stream.of(
            Arguments.of("rule ads block\nrule other allow\nrule ads allow\ndefault allow\n",
                "rules.conf:3: rule name 'ads' is already used on line 1: expected a name unique in the file"),
            Arguments.of("rule r block url-regex \"(unclosed\"\ndefault allow\n",
                "rules.conf:1: url-regex (unclosed: Unclosed group at index 9: expected a Java regular expression "
                    + "(java.util.regex.Pattern)"),
            Arguments.of("default block \"closed\" now\n",
                "rules.conf:1: default: 'now' after the action: expected default allow or default block \"reason\" "
                    + "and nothing more"),
            // a folder: unreadable as a list, also for root
            Arguments.of("rule r block domain-list lists\ndefault allow\n",
                "rules.conf:1: domain-list lists: cannot read %s: IOException Is a directory"),
            Arguments.of("rule r block method GET,FETCH\ndefault allow\n",
                "rules.conf:1: method FETCH: unknown method: expected CONNECT, DELETE, GET, HEAD, OPTIONS, PATCH, "
                    + "POST, PUT, TRACE"));
    }

    @ParameterizedTest
    @MethodSource("filesWithOneError")
    void duplicateNamesBadRegexesMethodsDefaultsAndUnreadableListsAreRefused(String file, String error) throws IOException {
        Files.createDirectories(directory.resolve("lists"));

        assertThat(rules.refused(file)).containsExactly(error.formatted(directory.resolve("lists")));
    }

    @Test
    void badPortsAreRefused() throws IOException {
        assertThat(rules.refused("rule r block port 0,http,9000-8000,70000\ndefault allow\n")).containsExactly(
            "rules.conf:1: port 0: expected ports 1-65535, a range's first port not above its last",
            "rules.conf:1: port http: expected a port 1-65535 or a range such as 8000-8999",
            "rules.conf:1: port 9000-8000: expected ports 1-65535, a range's first port not above its last",
            "rules.conf:1: port 70000: expected ports 1-65535, a range's first port not above its last");
    }

    @Test
    void anUnknownMethodIsRefused() throws IOException {
        assertThat(rules.refused("rule r block method GET,FETCH\ndefault allow\n")).containsExactly(
            "rules.conf:1: method FETCH: unknown method: expected CONNECT, DELETE, GET, HEAD, OPTIONS, PATCH, POST, "
                + "PUT, TRACE");
    }

    @Test
    void badDomainsAndCategoryNamesAreRefused() throws IOException {
        assertThat(rules.refused("rule r block domain *.ads.example\nrule s block category Adult\ndefault allow\n"))
            .containsExactly(
            "rules.conf:1: domain *.ads.example: wildcard '*'; " + DomainNames.ACCEPTED,
            "rules.conf:2: category Adult: expected a category name of 1-64 lower-case letters, digits, '_' or '-' "
                + "(the list lists/<name>.txt)");
    }

    @Test
    void grammarErrorsSayWhatALineMayHold() throws IOException {
        assertThat(rules.refused("""
            allow everything
            rule bad/name allow
            rule r permit
            rule s block "why" host example.com
            rule t block domain
            rule u
            rule v block "unclosed
            default allow
            default block
            """)).containsExactly(
            "rules.conf:1: 'allow': expected a line starting with rule or default (or a # comment)",
            "rules.conf:2: rule name 'bad/name': expected 1-64 letters, digits, '.', '_' or '-'",
            "rules.conf:3: rule r: 'permit': expected allow or block [\"reason\"]",
            "rules.conf:4: rule s: 'host': expected a condition (client, destination, domain, domain-list, category, "
                + "url-prefix, url-regex, method, port)",
            "rules.conf:5: rule t: domain without a value",
            "rules.conf:6: rule: expected rule <name> allow|block [\"reason\"] [conditions...]",
            "rules.conf:7: quote opened at column 14 is not closed: expected \"...\"",
            "rules.conf:9: a second default (the first is on line 8): expected one");
    }

    @Test
    void aMissingRulesFileIsRefusedNotThrown() {
        RulesLoadResult result = new RulesLoader(Clock.systemUTC()).loadDirectory(directory.resolve("absent"));

        assertThat(result).isInstanceOfSatisfying(RulesLoadResult.Refused.class, refused ->
            assertThat(refused.message()).startsWith("rules " + directory.resolve("absent/rules.conf")
                + " refused (the rules in force stay): rules.conf: cannot read "));
    }
}
