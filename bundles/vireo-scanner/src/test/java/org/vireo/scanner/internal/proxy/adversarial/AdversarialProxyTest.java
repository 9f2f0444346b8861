package org.vireo.scanner.internal.proxy.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vireo.rules.Network;
import org.vireo.rules.Policy;
import org.vireo.rules.Verdict;
import org.vireo.scanner.internal.policy.LocalAddresses;
import org.vireo.scanner.internal.proxy.ProxyOptions;
import org.vireo.scanner.internal.proxy.ProxyServer;

/**
 * The adversarial suite (cases.txt) against the real proxy on loopback, one test per row: a fresh proxy and
 * recording origin each, the proxy's own destination guard with its defaults, and rules that allow everything and
 * name the recording origin's address and port (as {@code rule origin allow destination 127.0.0.1 port N} would),
 * so that the row's bytes alone decide. A row marked known-failing must still fail: the mark goes once it passes.
 */
class AdversarialProxyTest {

    private static final Network LOOPBACK_ONE = Network.of("127.0.0.1");
    private static final Verdict ALLOW = new Verdict(true, null, "");
    /** A bound on each answer: reached only by a proxy that hangs (a loaded build machine can be slow at first). */
    private static final int TIMEOUT_MILLIS = 20_000;

    static List<AdversarialCase> cases() throws IOException {
        return AdversarialCase.load();
    }

    @Test
    void theSuiteHasAtLeastAHundredRowsEachWithItsSection() throws IOException {
        assertThat(cases()).hasSizeGreaterThanOrEqualTo(100).allSatisfy(c -> assertThat(c.rfc()).isNotBlank());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void row(AdversarialCase row) throws Exception {
        try (RecordingOrigin origin = new RecordingOrigin()) {
            ProxyServer proxy = new ProxyServer(() -> rulesNaming(origin.originPort()), () -> LocalAddresses.NONE);
            InetSocketAddress at = proxy.start(ProxyOptions.parse(Map.of("listenAddress", "127.0.0.1", "port", 0,
                "workerThreads", 1, "viaName", "adversarial")));
            try {
                Map<String, String> placeholders = Map.of("origin", origin.originAuthority(), "service",
                    origin.serviceAuthority(), "sport", Integer.toString(origin.servicePort()));
                RawClient.Answer answer = new RawClient(TIMEOUT_MILLIS).send(at.getPort(),
                    Escapes.bytes(row.send(), placeholders), row.shutdown(), row.answers(),
                    RawClient.probe(origin.originAuthority()));
                origin.awaitQuiet(Duration.ofSeconds(5));
                String received = origin.view();

                boolean passes = row.statusesMatch(answer.statuses())
                    && answer.connection().equals(row.close() ? RawClient.Answer.CLOSED : RawClient.Answer.KEPT)
                    && row.originMatches(received, placeholders);
                String report = row.id() + " (" + row.what() + ", RFC " + row.rfc() + "): expected "
                    + row.expectedStatuses() + ", origin " + row.origin() + "; got " + answer.show() + ", origin "
                    + received;
                if (row.knownFailing() == null) {
                    assertThat(passes).as(report).isTrue();
                } else {
                    assertThat(passes).as("known-failing row now passes: remove its mark (" + row.knownFailing()
                        + "): " + report).isFalse();
                }
            } finally {
                proxy.stop(Duration.ofSeconds(1));
            }
        }
    }

    /** Allows everything, and the recording origin's address by name for its port. */
    private static Policy rulesNaming(int originPort) {
        return facts -> facts.port() == originPort && facts.destination() != null
            && LOOPBACK_ONE.contains(facts.destination())
            ? new Verdict(true, "adversarial-origin", "", LOOPBACK_ONE, false) : ALLOW;
    }
}
