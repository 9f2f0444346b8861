package org.vireo.scanner.internal.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.vireo.rules.Network;
import org.vireo.rules.Policy;
import org.vireo.rules.RequestFacts;
import org.vireo.rules.Verdict;

/** One admission decision for HTTP, tunnels and FTP, on values: the same target meets the same rule in each. */
class AdmissionTest {

    private static final InetAddress CLIENT = address("10.1.2.3");
    private static final InetAddress OWN = address("10.77.0.11");
    private static final InetAddress PUBLIC = address("93.184.215.14");
    private static final LocalAddresses LOCAL = new LocalAddresses(Set.of(OWN, address("127.0.0.1")), Set.of(),
        Set.of());

    /** What the rules were asked, in order. */
    private final List<RequestFacts> asked = new ArrayList<>();
    /** Blocks blocked.example by rule "ads", allows the rest by rule "rest"; "intranet.example" waits for its address. */
    private final Policy policy = facts -> {
        asked.add(facts);
        if (facts.host().equals("blocked.example")) {
            return new Verdict(false, "ads", "advertising");
        }
        if (facts.host().equals("intranet.example") && facts.destination() == null) {
            return Verdict.undecided("intranet");
        }
        return new Verdict(true, "rest", "");
    };
    private final Admission admission = new Admission(policy, new DestinationGuard(LOCAL, false), Set.of(443),
        "test-node");

    private static Admission.Request request(Admission.Protocol protocol, String host, int port, String via) {
        String url = switch (protocol) {
            case HTTP -> "http://" + host + ":" + port + "/file";
            case TUNNEL -> host + ":" + port;
            case FTP -> "ftp://" + host + ":" + port + "/file";
        };
        return new Admission.Request(protocol, CLIENT, protocol == Admission.Protocol.FTP ? "RETR" : "GET", host,
            port, url, via == null ? List.of() : List.of(via));
    }

    @ParameterizedTest
    @EnumSource(Admission.Protocol.class)
    void aRuleBlocksTheSameTargetInEveryProtocol_beforeAnyDnsQuery(Admission.Protocol protocol) {
        Admission.Outcome outcome = admission.admit(request(protocol, "blocked.example", 443, null));

        assertThat(outcome).isInstanceOfSatisfying(Admission.Blocked.class, b -> {
            assertThat(b.verdict().rule()).isEqualTo("ads");
            assertThat(b.verdict().reason()).isEqualTo("advertising");
        });
        assertThat(asked).singleElement().satisfies(f -> {
            assertThat(f.client()).isEqualTo(CLIENT);
            assertThat(f.destination()).isNull();
        });
    }

    @Test
    void theRulesSeeTheProtocolsOwnMethodAndUrl() {
        admission.admit(request(Admission.Protocol.FTP, "files.example", 21, null));

        assertThat(asked).singleElement().satisfies(f -> {
            assertThat(f.method()).isEqualTo("RETR");
            assertThat(f.url()).isEqualTo("ftp://files.example:21/file");
            assertThat(f.port()).isEqualTo(21);
        });
    }

    @ParameterizedTest
    @EnumSource(Admission.Protocol.class)
    void aHostThatIsANumberInAnotherSpellingIsRefusedBeforeTheRules(Admission.Protocol protocol) {
        Admission.Outcome outcome = admission.admit(request(protocol, "0x7f.1", 443, null));

        assertThat(outcome).isInstanceOfSatisfying(Admission.Refused.class, r -> {
            assertThat(r.reason()).isEqualTo(Admission.Reason.NUMERIC_HOST);
            assertThat(r.message()).contains("'0x7f.1' is a number but not an IPv4 address");
        });
        assertThat(asked).isEmpty();
        assertThat(Admission.hostProblem("192.0.2.1")).isNull();
        assertThat(Admission.hostProblem("2130706433")).isNotNull();
        assertThat(Admission.hostProblem("example.com")).isNull();
    }

    @Test
    void aTunnelReachesOnlyItsPorts_otherProtocolsAnyPort() {
        Admission.Outcome tunnel = admission.admit(request(Admission.Protocol.TUNNEL, "files.example", 21, null));
        Admission.Outcome ftp = admission.admit(request(Admission.Protocol.FTP, "files.example", 21, null));

        assertThat(tunnel).isInstanceOfSatisfying(Admission.Refused.class, r -> {
            assertThat(r.reason()).isEqualTo(Admission.Reason.PORT);
            assertThat(r.message()).isEqualTo("CONNECT to port 21 is not allowed; allowed: [443]");
        });
        assertThat(ftp).isInstanceOf(Admission.Resolve.class);
    }

    @Test
    void aRequestThatHasPassedThisProxyIsALoop_anotherProxysNameIsNot() {
        Admission.Outcome looped = admission.admit(request(Admission.Protocol.HTTP, "files.example", 80,
            "1.1 client-proxy, 1.1 TEST-NODE (Vireo)"));
        Admission.Outcome passed = admission.admit(request(Admission.Protocol.HTTP, "files.example", 80,
            "1.0 other, 1.1 test-node-2, 1.1 test"));

        assertThat(looped).isInstanceOfSatisfying(Admission.Refused.class, r -> {
            assertThat(r.reason()).isEqualTo(Admission.Reason.LOOP);
            assertThat(r.rule()).isEqualTo("destination:loop");
            assertThat(r.message()).contains("already passed this proxy (test-node)");
        });
        assertThat(passed).isInstanceOf(Admission.Resolve.class);
    }

    @ParameterizedTest
    @EnumSource(Admission.Protocol.class)
    void onlyCheckedAddressesAreAllowed_andOnlyProtectedOnesAreBlocked(Admission.Protocol protocol) {
        Admission.Resolve resolve = (Admission.Resolve) admission.admit(request(protocol, "files.example", 443, null));

        Admission.Outcome rebinding = admission.addresses(resolve, List.of(address("127.0.0.1"), PUBLIC));
        Admission.Outcome local = admission.addresses(resolve, List.of(OWN));

        assertThat(rebinding).isInstanceOfSatisfying(Admission.Allowed.class, a -> {
            assertThat(a.addresses()).containsExactly(PUBLIC);
            assertThat(a.verdict().rule()).isEqualTo("rest");
        });
        assertThat(local).isInstanceOfSatisfying(Admission.Blocked.class,
            b -> assertThat(b.verdict().rule()).isEqualTo("destination:self"));
    }

    @Test
    void aRuleThatWaitsForTheAddressIsDecidedWithEachAddress() {
        Admission.Outcome first = admission.admit(request(Admission.Protocol.FTP, "intranet.example", 21, null));

        assertThat(first).isInstanceOfSatisfying(Admission.Resolve.class,
            r -> assertThat(r.verdict().undecided()).isTrue());
        Admission.Outcome resolved = admission.addresses((Admission.Resolve) first, List.of(PUBLIC));
        assertThat(resolved).isInstanceOf(Admission.Allowed.class);
        assertThat(asked).hasSize(2);
        assertThat(asked.get(1).destination()).isEqualTo(PUBLIC);
    }

    @Test
    void aConnectionThatLandedOnThisNodeNeedsARuleNamingIt() {
        Verdict allowedByRest = new Verdict(true, "rest", "");
        Verdict allowedByName = new Verdict(true, "lab", "", Network.of("10.77.0.11/32"), false);
        InetSocketAddress here = new InetSocketAddress(OWN, 40_000);

        Verdict landedHere = admission.connected(here, new InetSocketAddress(OWN, 21), allowedByRest);
        Verdict named = admission.connected(here, new InetSocketAddress(OWN, 21), allowedByName);
        Verdict elsewhere = admission.connected(here, new InetSocketAddress(PUBLIC, 21), allowedByRest);

        assertThat(landedHere.allowed()).isFalse();
        assertThat(landedHere.rule()).isEqualTo("destination:self");
        assertThat(named.allowed()).isTrue();
        assertThat(elsewhere).isEqualTo(allowedByRest);
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }
}
