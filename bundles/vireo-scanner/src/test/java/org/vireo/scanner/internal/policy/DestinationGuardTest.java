package org.vireo.scanner.internal.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vireo.rules.Network;
import org.vireo.rules.Policy;
import org.vireo.rules.RequestFacts;
import org.vireo.rules.Verdict;

class DestinationGuardTest {

    private static final InetAddress OWN = address("10.77.0.11");
    private static final InetAddress VIP = address("10.77.0.1");
    private static final InetAddress MEMBER = address("10.77.0.12");
    /** As NodeAddresses finds them: lo's addresses are among the interfaces'. */
    private static final LocalAddresses LOCAL = new LocalAddresses(Set.of(OWN, address("2001:db8::11"),
        address("127.0.0.1"), address("::1")), Set.of(VIP), Set.of(MEMBER));
    private static final Verdict ALLOW = new Verdict(true, null, "");
    private static final RequestFacts REQUEST = new RequestFacts(address("10.1.2.3"), "GET", "intranet.example", 80,
        "http://intranet.example/");

    private final DestinationGuard guard = new DestinationGuard(LOCAL, false);

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "127.0.0.1, LOOPBACK", "127.255.1.2, LOOPBACK", "::1, LOOPBACK",
        "0.0.0.0, UNSPECIFIED", "0.1.2.3, UNSPECIFIED", "::, UNSPECIFIED",
        "169.254.169.254, METADATA", "fd00:ec2::254, METADATA", "100.100.100.200, METADATA",
        "169.254.1.1, LINK_LOCAL", "fe80::1, LINK_LOCAL",
        "224.0.0.18, NOT_UNICAST", "255.255.255.255, NOT_UNICAST", "ff02::1, NOT_UNICAST",
        "10.77.0.11, SELF", "2001:db8::11, SELF", "10.77.0.1, VIRTUAL", "10.77.0.12, MEMBER",
        "::ffff:127.0.0.1, LOOPBACK", "::127.0.0.1, LOOPBACK", "::ffff:0:169.254.169.254, METADATA",
        "64:ff9b::10.77.0.11, SELF"})
    void protectedDestinationsAreRefusedByDefault(String literal, DestinationGuard.Kind kind) {
        InetAddress destination = address(literal);

        Verdict verdict = guard.admit(destination, ALLOW);

        assertThat(guard.protection(destination).kind()).isEqualTo(kind);
        assertThat(verdict.allowed()).isFalse();
        assertThat(verdict.rule()).isEqualTo(kind.ruleName());
        assertThat(verdict.reason()).startsWith(Network.literal(destination) + " is " + kind.description());
    }

    @ParameterizedTest
    @CsvSource({"93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c", "10.20.1.1", "192.168.1.1", "fd12::1",
        "100.64.0.1", "::ffff:93.184.215.14", "64:ff9b::93.184.215.14"})
    void otherDestinationsAndPrivateOnesByDefaultAreNotProtected(String literal) {
        assertThat(guard.protection(address(literal))).isNull();
        assertThat(guard.admit(address(literal), ALLOW)).isEqualTo(ALLOW);
    }

    @Test
    void privateRangesAreProtectedWhenSoConfigured() {
        DestinationGuard strict = new DestinationGuard(LOCAL, true);

        assertThat(strict.protection(address("10.20.1.1")))
            .isEqualTo(new DestinationGuard.Protection(DestinationGuard.Kind.PRIVATE, Network.of("10.0.0.0/8")));
        assertThat(strict.admit(address("10.20.1.1"), allowTo("10.20.0.0/16")).allowed()).isTrue();
        assertThat(strict.admit(address("10.20.1.1"), ALLOW).allowed()).isFalse();
        assertThat(strict.protection(address("fd12::1")).kind()).isEqualTo(DestinationGuard.Kind.PRIVATE);
    }

    @Test
    void onlyARuleWhoseDestinationNetworkLiesWithinTheProtectedRangeOpensIt() {
        InetAddress metadata = address("169.254.169.254");

        assertThat(guard.admit(metadata, allowTo("169.254.169.254/32")).allowed()).isTrue();
        assertThat(guard.admit(metadata, allowTo("169.254.0.0/16")).allowed()).isFalse(); // link-local, not metadata
        assertThat(guard.admit(address("169.254.7.7"), allowTo("169.254.0.0/16")).allowed()).isTrue();
        assertThat(guard.admit(address("127.0.0.1"), allowTo("127.0.0.0/8")).allowed()).isTrue();
        assertThat(guard.admit(address("127.0.0.1"), allowTo("0.0.0.0/0")).allowed()).isFalse();
        assertThat(guard.admit(OWN, allowTo("10.0.0.0/8")).allowed()).isFalse(); // the intranet rule: not this node
        assertThat(guard.admit(OWN, allowTo("10.77.0.11/32")).allowed()).isTrue();
        assertThat(guard.admit(address("::ffff:127.0.0.1"), allowTo("127.0.0.0/8")).allowed()).isTrue();
        assertThat(guard.admit(address("::127.0.0.1"), allowTo("127.0.0.0/8")).allowed()).isFalse();
    }

    @Test
    void aBlockingVerdictStaysTheRulesOwn() {
        Verdict block = new Verdict(false, "ads", "ads");

        assertThat(guard.admit(address("127.0.0.1"), block)).isSameAs(block);
    }

    @Test
    void anAddressFoundLocalOnlyOnConnectNeedsARuleNamingIt() {
        InetAddress late = address("10.77.0.99"); // came up on an interface after the last look

        assertThat(guard.admitAsSelf(late, allowTo("10.0.0.0/8")).rule()).isEqualTo("destination:self");
        assertThat(guard.admitAsSelf(late, allowTo("10.77.0.99/32")).allowed()).isTrue();
        assertThat(guard.admitAsSelf(address("127.0.0.1"), allowTo("127.0.0.0/8")).allowed()).isTrue();
    }

    @Test
    void everyResolvedAddressIsDecidedAndOnlyAllowedOnesAreKept() {
        Policy rules = facts -> ALLOW;

        DestinationGuard.Decision rebinding = guard.decide(rules, REQUEST,
            List.of(address("127.0.0.1"), address("93.184.215.14"), address("::1")));
        DestinationGuard.Decision local = guard.decide(rules, REQUEST, List.of(address("127.0.0.1"), OWN));

        assertThat(rebinding.allowed()).containsExactly(address("93.184.215.14"));
        assertThat(rebinding.verdict()).isEqualTo(ALLOW);
        assertThat(local.allowed()).isEmpty();
        assertThat(local.verdict().rule()).isEqualTo("destination:loopback");
    }

    @Test
    void eachAddressIsDecidedByTheRulesWithThatAddress() {
        Network intranet = Network.of("10.20.0.0/16");
        Policy rules = facts -> intranet.contains(facts.destination())
            ? new Verdict(true, "intranet", "", intranet, false) : new Verdict(false, null, "intranet only");

        DestinationGuard.Decision decision = guard.decide(rules, REQUEST,
            List.of(address("93.184.215.14"), address("10.20.1.1")));

        assertThat(decision.allowed()).containsExactly(address("10.20.1.1"));
        assertThat(decision.verdict().rule()).isEqualTo("intranet");
    }

    @Test
    void networksPrintAsRulesWriteThem() {
        assertThat(Network.of("2001:db8::/32")).hasToString("2001:db8::/32");
        assertThat(Network.of("fe80::/10")).hasToString("fe80::/10");
        assertThat(Network.of("::1")).hasToString("::1/128");
        assertThat(Network.of("2001:0:0:1:0:0:0:1/128")).hasToString("2001:0:0:1::1/128");
        assertThat(Network.of("10.0.0.0/8")).hasToString("10.0.0.0/8");
        assertThat(Network.of("10.0.0.0/8").contains(Network.of("10.20.0.0/16"))).isTrue();
        assertThat(Network.of("10.20.0.0/16").contains(Network.of("10.0.0.0/8"))).isFalse();
    }

    private static Verdict allowTo(String network) {
        return new Verdict(true, "explicit", "", Network.of(network), false);
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal); // literals only
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
