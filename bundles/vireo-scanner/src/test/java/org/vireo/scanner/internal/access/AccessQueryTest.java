package org.vireo.scanner.internal.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

class AccessQueryTest {

    private static final AccessEntry OK = entry(1, "10.0.0.7", "http://www.Example.org:8080/a?b", 200, null);
    private static final AccessEntry BLOCKED = entry(2, "10.0.0.8", "http://ads.example.net/x", 403, "no-ads");
    private static final AccessEntry TUNNEL = entry(3, "10.0.0.7", "example.org:443", 200, "partners");
    private static final AccessEntry GONE = entry(4, "10.0.0.9", "http://slow.example.org/", 0, null);
    private static final List<AccessEntry> ALL = List.of(OK, BLOCKED, TUNNEL, GONE);

    @Test
    void withoutAFilterEveryEntryIsShown() {
        assertThat(matching(AccessQuery.parse(null, " ", "", null))).containsExactlyElementsOf(ALL);
        assertThat(matching(AccessQuery.all())).containsExactlyElementsOf(ALL);
    }

    @Test
    void aClientIsItsAddress() {
        assertThat(matching(AccessQuery.parse("10.0.0.7", null, null, null))).containsExactly(OK, TUNNEL);
    }

    @Test
    void anIpv6ClientIsFoundInAnySpellingOfItsAddress() {
        AccessEntry v6 = entry(5, "fd77::100", "http://[fd77::200]:8080/", 200, null);

        assertThat(AccessQuery.parse("fd77:0:0:0:0:0:0:100", null, null, null).test(v6)).isTrue();
        assertThat(AccessQuery.parse("FD77::100", null, null, null).test(v6)).isTrue();
        assertThat(AccessQuery.parse("fd77::101", null, null, null).test(v6)).isFalse();
    }

    @Test
    void aHostMatchesItselfAndItsSubdomains_inAnyCase_notAnotherDomainThatEndsTheSame() {
        assertThat(matching(AccessQuery.parse(null, "EXAMPLE.org", null, null))).containsExactly(OK, TUNNEL, GONE);
        assertThat(matching(AccessQuery.parse(null, "ample.org", null, null))).isEmpty();
        assertThat(matching(AccessQuery.parse(null, "ads.example.net", null, null))).containsExactly(BLOCKED);
    }

    @Test
    void aStatusIsOneOrAClass_orSeveral() {
        assertThat(matching(AccessQuery.parse(null, null, "403", null))).containsExactly(BLOCKED);
        assertThat(matching(AccessQuery.parse(null, null, "2XX", null))).containsExactly(OK, TUNNEL);
        assertThat(matching(AccessQuery.parse(null, null, "4xx, 0", null))).containsExactly(BLOCKED, GONE);
    }

    @Test
    void aRuleIsTheNameOfTheRuleThatMatched() {
        assertThat(matching(AccessQuery.parse(null, null, null, "no-ads"))).containsExactly(BLOCKED);
        assertThat(matching(AccessQuery.parse("10.0.0.7", null, "2xx", "no-ads"))).isEmpty();
    }

    @Test
    void aStatusItDoesNotTakeIsRefused_sayingWhatWould() {
        for (String bad : List.of("600", "4x", "40", "abc", "403,")) {
            assertThatThrownBy(() -> AccessQuery.parse(null, null, bad, null)).hasMessage("status = '" + bad
                + "': expected a status (403, or 0: the client left before an answer), a class (4xx) or several,"
                + " comma-separated (403,5xx)");
        }
        assertThatThrownBy(() -> AccessQuery.parse(null, "h".repeat(254), null, null))
            .hasMessageEndingWith("expected at most 253 characters");
    }

    @Test
    void theHostOfATargetIsThatOfItsUrlOrOfItsConnect() {
        assertThat(entry(1, "c", "http://user:pw@Host.example:8080/p", 200, null).host()).isEqualTo("host.example");
        assertThat(entry(1, "c", "ftp://files.example", 200, null).host()).isEqualTo("files.example");
        assertThat(entry(1, "c", "[2001:db8::1]:443", 200, null).host()).isEqualTo("2001:db8::1");
        assertThat(entry(1, "c", "http://[::1]/", 200, null).host()).isEqualTo("::1");
        assertThat(entry(1, "c", "-", 408, null).host()).isEqualTo("-");
        assertThat(entry(1, "c", "/relative", 400, null).host()).isEmpty();
    }

    private static List<AccessEntry> matching(AccessQuery q) {
        return ALL.stream().filter(q).toList();
    }

    private static AccessEntry entry(long seq, String client, String target, int status, String rule) {
        return new AccessEntry(seq, Instant.EPOCH, client, "GET", target, status, 0, 0, 1, rule, null);
    }
}
