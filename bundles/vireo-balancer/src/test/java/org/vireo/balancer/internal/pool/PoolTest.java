package org.vireo.balancer.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.vireo.settings.BalancerOptions;

class PoolTest {

    private final AtomicLong clock = new AtomicLong(Duration.ofHours(1).toNanos());

    private Pool pool(String scanners) {
        return new Pool(BalancerOptions.parse(Map.of("scanners", scanners, "slowStartSeconds", "0")), clock::get,
            Duration.ofSeconds(10));
    }

    @Test
    void aFailedConnectSendsTheRetryAndLaterClientsElsewhereUntilTheHoldDownEnds() {
        Pool p = pool("10.0.0.1:3128, 10.0.0.2:3128");
        String first = p.pick("10.9.0.1", Set.of()).orElseThrow().id();

        p.failed(first, new java.net.ConnectException("refused"));
        assertThat(p.totals(first)).containsExactly(0, 1);

        for (int i = 0; i < 50; i++) {
            assertThat(p.pick("10.9.0." + i, Set.of()).orElseThrow().id()).isNotEqualTo(first);
        }
        clock.addAndGet(Duration.ofSeconds(11).toNanos());
        assertThat(p.up(first)).isTrue();
    }

    @Test
    void anFtpClientsDataConnectionsReachTheScannerOfItsSession_pastTheBoundAndItsAffinity() {
        Pool p = pool("10.0.0.1:3128, 10.0.0.2:3128");
        String client = "10.9.0.7";
        String session = p.pick(client, Set.of()).orElseThrow().id();
        p.sessionOpened(client, session);
        clock.addAndGet(Duration.ofHours(2).toNanos()); // a long transfer: the client's affinity expired

        // 100 data connections open at once: far past the bound of 16 per scanner, all on the session's scanner
        List<String> data = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            data.add(p.sessionOf(client, Set.of()).orElseThrow().id());
        }

        assertThat(data).containsOnly(session);
        assertThat(p.active(session)).isEqualTo(101);
        assertThat(p.pick(client, Set.of()).orElseThrow().id()).as("an HTTP connection: bounded").isNotEqualTo(session);
        assertThat(p.sessionOf("10.9.0.8", Set.of())).as("a client without a session").isEmpty();
        assertThat(p.sessionOf(client, Set.of(session))).as("its scanner just failed a connect").isEmpty();
        p.sessionClosed(client, session);
        assertThat(p.sessionOf(client, Set.of())).isEmpty();
    }

    @Test
    void eachScannersStatsCountTheClientsRememberedOnIt() {
        Pool p = pool("10.0.0.1:3128, 10.0.0.2:3128");
        Map<String, Integer> picked = new HashMap<>();
        for (int i = 0; i < 40; i++) {
            picked.merge(p.pick("10.7.0." + i, Set.of()).orElseThrow().id(), 1, Integer::sum);
        }

        Map<String, Integer> shown = new HashMap<>();
        p.stats(id -> "none").forEach(s -> shown.put(s.id(), s.affinities()));

        assertThat(shown).isEqualTo(picked);
        assertThat(p.openAndAffinities()[1]).isEqualTo(40);
    }

    @Test
    void loadsReportedByAddressWeighTheChoice() {
        Pool p = pool("10.0.0.1:3128, 10.0.0.2:3128");
        Map<String, double[]> loads = new HashMap<>();
        loads.put("10.0.0.1", new double[] {0.9, 0.2});
        loads.put("10.0.0.2", new double[] {0.1, 0.2});
        p.loads(loads);

        Map<String, Integer> got = new HashMap<>();
        for (int i = 0; i < 1000; i++) {
            String id = p.pick("10.8." + (i / 200) + "." + (i % 200), Set.of()).orElseThrow().id();
            p.opened(id);
            got.merge(id, 1, Integer::sum);
        }
        assertThat(got.getOrDefault("10.0.0.1:3128", 0)).isLessThan(got.get("10.0.0.2:3128") / 4);
        assertThat(p.active("10.0.0.2:3128")).isEqualTo(got.get("10.0.0.2:3128"));
        assertThat(p.totals("10.0.0.2:3128")[0]).isEqualTo(got.get("10.0.0.2:3128").longValue());
    }

    @Test
    void anIpv6ScannersLoadIsFoundInAnySpellingOfItsAddress() {
        Pool p = pool("[fd77:0::12]:3128, 10.0.0.2:3128");
        Map<String, double[]> loads = new HashMap<>();
        loads.put("fd77::12", new double[] {0.9, 0.2}); // the node's address as its operator wrote it
        loads.put("10.0.0.2", new double[] {0.1, 0.3});

        p.loads(loads);

        Map<String, double[]> shown = new HashMap<>();
        p.stats(id -> "none").forEach(s -> shown.put(s.id(), new double[] {s.cpu(), s.memory()}));
        assertThat(shown.values()).extracting(l -> l[0]).containsExactlyInAnyOrder(0.9, 0.1);
    }

    @Test
    void aBurstOfConnectsFromOneClientIsBoundedBeforeAnyCompletesAndGivesItsPlacesBack() {
        Pool p = pool("10.0.0.1:3128, 10.0.0.2:3128");
        Map<String, Integer> got = new HashMap<>();
        for (int i = 0; i < 64; i++) { // 64 connections at once: none connected yet
            got.merge(p.pick("10.9.0.1", Set.of()).orElseThrow().id(), 1, Integer::sum);
        }
        // c = 1.25: no scanner beyond ceil(1.25 * 64 / 2) = 40, the rest overflowed to the other one
        assertThat(got.values()).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(40));
        assertThat(p.active("10.0.0.1:3128") + p.active("10.0.0.2:3128")).isEqualTo(64);

        got.forEach((id, n) -> {
            for (int i = 0; i < n; i++) {
                if (i % 3 == 0) {
                    p.abandoned(id);
                } else if (i % 3 == 1) {
                    p.missed(id, new java.net.ConnectException("refused"));
                } else {
                    p.opened(id);
                    p.closed(id);
                }
            }
        });
        assertThat(p.active("10.0.0.1:3128") + p.active("10.0.0.2:3128")).isZero();
    }

    @Test
    void whenNoHealthyScannerIsLeftOneHeldDownByAFailedConnectIsOfferedAndServesAgainOnceConnected() {
        Pool p = pool("10.0.0.1:3128"); // the all-in-one node: its own scanner, before its proxy listens
        String only = p.pick("10.9.0.1", Set.of()).orElseThrow().id();
        p.failed(only, new java.net.ConnectException("refused"));
        assertThat(p.up(only)).isFalse();
        assertThat(p.mayServeSoon()).isTrue();

        assertThat(p.pick("10.9.0.1", Set.of(only))).as("not twice in one round").isEmpty();
        assertThat(p.pick("10.9.0.2", Set.of()).orElseThrow().id()).as("the next round, or another client")
            .isEqualTo(only);
        p.opened(only);

        assertThat(p.up(only)).isTrue();
        assertThat(p.mayServeSoon()).isFalse();
    }

    @Test
    void aHealthyScannerIsPreferredToOneHeldDownAndAMonitorsDownVerdictIsNeverOverridden() {
        Pool p = pool("10.0.0.1:3128, 10.0.0.2:3128");
        p.failed("10.0.0.1:3128", new java.net.ConnectException("refused"));
        for (int i = 0; i < 50; i++) {
            assertThat(p.pick("10.9.0." + i, Set.of()).orElseThrow().id()).isEqualTo("10.0.0.2:3128");
        }

        p.monitor("10.0.0.1:3128", false);
        p.monitor("10.0.0.2:3128", false);

        assertThat(p.pick("10.9.0.1", Set.of())).isEmpty();
        assertThat(p.mayServeSoon()).as("a monitor's DOWN is a verdict: no client waits for it").isFalse();
    }

    @Test
    void aMonitorDownVerdictTakesTheScannerOutAndAnEmptyPoolPicksNothing() {
        Pool p = pool("10.0.0.1:3128");
        p.monitor("10.0.0.1:3128", false);
        assertThat(p.pick("10.9.0.1", Set.of())).isEmpty();
        p.monitor("10.0.0.1:3128", true);
        assertThat(p.pick("10.9.0.1", Set.of())).isPresent();
        p.configure(BalancerOptions.parse(Map.of()));
        assertThat(p.pick("10.9.0.1", Set.of())).isEmpty();
        assertThat(p.ids()).isEmpty();
    }

    @Test
    void eachChangeOfAScannerIsToldWithWhatMadeIt() {
        List<String> told = new ArrayList<>();
        Pool p = new Pool(BalancerOptions.parse(Map.of("scanners", "10.0.0.1:3128, 10.0.0.2:3128",
            "slowStartSeconds", "0")), clock::get, Duration.ofSeconds(10),
            c -> told.add(c.scanner() + " " + c.change() + ": " + c.reason()));

        p.monitor("10.0.0.1:3128", false);
        p.monitor("10.0.0.1:3128", false); // no change: nothing told
        p.failed("10.0.0.2:3128", new java.net.ConnectException("refused"));
        clock.addAndGet(Duration.ofSeconds(11).toNanos());
        p.pick("10.9.0.1", Set.of());
        p.configure(BalancerOptions.parse(Map.of("scanners", "10.0.0.2:3128 drain", "slowStartSeconds", "0")));

        assertThat(told).containsExactly(
            "10.0.0.1:3128 added: the scanner table was configured",
            "10.0.0.2:3128 added: the scanner table was configured",
            "10.0.0.1:3128 down: its monitor says down",
            "10.0.0.2:3128 down: a connect failed: refused",
            "10.0.0.2:3128 up: the hold-down after a failed connect ended",
            "10.0.0.2:3128 drained: the scanner table was configured",
            "10.0.0.1:3128 removed: the scanner table was configured");
    }
}
