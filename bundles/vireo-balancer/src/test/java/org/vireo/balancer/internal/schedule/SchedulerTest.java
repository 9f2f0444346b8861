package org.vireo.balancer.internal.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class SchedulerTest {

    private final AtomicLong clock = new AtomicLong(Duration.ofHours(1).toNanos());
    private final Scheduler scheduler = new Scheduler(1.25, Duration.ofMinutes(5).toNanos(),
        Duration.ofSeconds(10).toNanos(), clock::get);

    private static Candidate up(String id) {
        return new Candidate(id, 1, false, true, -1, -1, 0);
    }

    private static Candidate loaded(String id, double cpu) {
        return new Candidate(id, 1, false, true, cpu, 0.2, 0);
    }

    private static String client(int i) {
        return "10.1." + (i / 250) + "." + (i % 250);
    }

    /** One new connection per client, kept open; how many each scanner got. */
    private Map<String, Integer> connectAll(int clients) {
        Map<String, Integer> got = new HashMap<>();
        for (int i = 0; i < clients; i++) {
            String s = scheduler.pick(client(i), Set.of()).orElseThrow();
            scheduler.opened(s);
            got.merge(s, 1, Integer::sum);
        }
        return got;
    }

    @Test
    void anFtpClientsControlAndDataConnectionsStayTogetherEvenWhenTheyAreAllThereIs() {
        scheduler.update(List.of(up("a"), up("b"), up("c")));
        String control = scheduler.pick("10.2.0.1", Set.of()).orElseThrow();
        scheduler.opened(control);
        for (int k = 0; k < 4; k++) {
            String data = scheduler.pick("10.2.0.1", Set.of()).orElseThrow();
            scheduler.opened(data);
            assertThat(data).isEqualTo(control);
        }
    }

    @Test
    void aClientsConnectionsLandOnOneScanner() {
        scheduler.update(List.of(up("a"), up("b"), up("c")));
        for (int i = 0; i < 200; i++) { // each client opens 6 connections, then closes them
            String first = scheduler.pick(client(i), Set.of()).orElseThrow();
            scheduler.opened(first);
            for (int k = 0; k < 5; k++) {
                String again = scheduler.pick(client(i), Set.of()).orElseThrow();
                scheduler.opened(again);
                assertThat(again).as("client %s", client(i)).isEqualTo(first);
            }
            for (int k = 0; k < 6; k++) {
                scheduler.closed(first);
            }
        }
    }

    @Test
    void manyClientsSpreadEvenlyAndNoScannerExceedsTheBound() {
        scheduler.update(List.of(up("a"), up("b"), up("c"), up("d")));

        Map<String, Integer> got = connectAll(4000);

        assertThat(got).hasSize(4);
        got.values().forEach(n -> assertThat(n).isBetween(800, 1250)); // fair share 1000; bound 1.25 × 1000
    }

    @Test
    void oneHeavyClientPopulationIsSpreadButNeverBeyondCTimesTheFairShare() {
        scheduler.update(List.of(up("a"), up("b"), up("c"), up("d")));
        // 20 clients, 100 connections each: hashing alone would pile whole clients onto a few scanners
        Map<String, Integer> got = new HashMap<>();
        for (int k = 0; k < 100; k++) {
            for (int i = 0; i < 20; i++) {
                String s = scheduler.pick(client(i), Set.of()).orElseThrow();
                scheduler.opened(s);
                got.merge(s, 1, Integer::sum);
                int total = got.values().stream().mapToInt(Integer::intValue).sum();
                for (Map.Entry<String, Integer> e : got.entrySet()) {
                    int counted = Math.max(total, 4 * Scheduler.MIN_FAIR_SHARE);
                    assertThat(e.getValue()).as("%s after %d connections", e.getKey(), total)
                        .isLessThanOrEqualTo((int) Math.ceil(1.25 * counted / 4.0));
                }
            }
        }
    }

    @Test
    void aScannerReportingHighCpuGetsMeasurablyLessNewTraffic() {
        scheduler.update(List.of(loaded("busy", 0.9), loaded("idle", 0.1)));

        Map<String, Integer> got = connectAll(2000);

        // effective weights 0.1 and 0.9: the bound keeps the busy one near a tenth
        assertThat(got.getOrDefault("busy", 0)).isLessThan(got.get("idle") / 4);
    }

    @Test
    void aBusyScannerGetsLessNewTrafficEvenWhenEachConnectionEndsBeforeTheNext() {
        scheduler.update(List.of(loaded("busy", 0.9), loaded("idle", 0.1)));

        Map<String, Integer> got = new HashMap<>();
        for (int i = 0; i < 2000; i++) {
            String s = scheduler.pick(client(i), Set.of()).orElseThrow();
            scheduler.opened(s);
            scheduler.closed(s); // nothing ever open: the bound never binds, only the placement weighs
            got.merge(s, 1, Integer::sum);
        }

        // effective weights 0.1 and 0.9: a tenth of the new clients, 200 of 2000
        assertThat(got.getOrDefault("busy", 0)).isBetween(140, 260);
    }

    @Test
    void twoDirectorsWithTheSameTableSendEachClientToTheSameScanner() {
        List<Candidate> table = List.of(up("a"), up("b"), up("c"), loaded("d", 0.5));
        Scheduler other = new Scheduler(1.25, Duration.ofMinutes(5).toNanos(), 0, () -> 0L);
        scheduler.update(table);
        other.update(List.of(table.get(3), table.get(1), table.get(0), table.get(2))); // another order
        for (int i = 0; i < 500; i++) {
            assertThat(other.pick(client(i), Set.of())).isEqualTo(scheduler.pick(client(i), Set.of()));
        }
    }

    @Test
    void whenAScannerLeavesOnlyItsClientsMove() {
        scheduler.update(List.of(up("a"), up("b"), up("c")));
        Map<String, String> before = new HashMap<>();
        for (int i = 0; i < 600; i++) {
            before.put(client(i), scheduler.pick(client(i), Set.of()).orElseThrow());
        }
        scheduler.update(List.of(up("a"), new Candidate("b", 1, false, false, -1, -1, 0), up("c")));

        int moved = 0;
        for (int i = 0; i < 600; i++) {
            String now = scheduler.pick(client(i), Set.of()).orElseThrow();
            if (before.get(client(i)).equals("b")) {
                assertThat(now).isNotEqualTo("b");
                moved++;
            } else {
                assertThat(now).as("client %s stays", client(i)).isEqualTo(before.get(client(i)));
            }
        }
        assertThat(moved).isPositive();
    }

    @Test
    void aDrainedScannerGetsNoNewConnectionsAndAFailedOneIsSkippedOnRetry() {
        scheduler.update(List.of(up("a"), new Candidate("b", 1, true, true, -1, -1, 0)));
        for (int i = 0; i < 100; i++) {
            assertThat(scheduler.pick(client(i), Set.of())).contains("a");
        }
        assertThat(scheduler.pick(client(1), Set.of("a"))).isEmpty();
    }

    @Test
    void anIdleClientsAffinityIsForgottenAfterTheAffinityTime() {
        scheduler.update(List.of(up("a"), up("b")));
        scheduler.pick("10.9.9.9", Set.of());
        assertThat(scheduler.affinities()).isEqualTo(1);

        clock.addAndGet(Duration.ofMinutes(5).plusSeconds(1).toNanos());
        scheduler.pick("10.9.9.8", Set.of());

        assertThat(scheduler.affinities()).isEqualTo(1); // only the new client's
    }

    @Test
    void theClientsRememberedAreCountedByTheirScanner_untilTheyAreIdleForTheAffinityTime() {
        scheduler.update(List.of(up("a"), up("b")));
        Map<String, Integer> picked = new HashMap<>();
        for (int i = 0; i < 50; i++) {
            picked.merge(scheduler.pick(client(i), Set.of()).orElseThrow(), 1, Integer::sum);
        }
        scheduler.pick(client(0), Set.of()); // a client that comes back is still one

        assertThat(scheduler.affinitiesByScanner()).isEqualTo(picked);
        assertThat(picked.values()).allMatch(n -> n > 0).hasSize(2);

        clock.addAndGet(Duration.ofMinutes(5).plusSeconds(1).toNanos());
        assertThat(scheduler.affinitiesByScanner()).isEmpty();
        assertThat(scheduler.affinities()).isZero();
    }

    @Test
    void aRecoveringScannerRampsUpOverTheSlowStart() {
        long now = clock.get();
        scheduler.update(List.of(up("a"), new Candidate("b", 1, false, true, -1, -1, now)));
        double early = scheduler.effectiveWeights(now, Set.of()).get("b");
        clock.addAndGet(Duration.ofSeconds(5).toNanos());
        double half = scheduler.effectiveWeights(clock.get(), Set.of()).get("b");
        clock.addAndGet(Duration.ofSeconds(6).toNanos());
        double full = scheduler.effectiveWeights(clock.get(), Set.of()).get("b");

        assertThat(early).isEqualTo(Scheduler.SLOW_START_FLOOR);
        assertThat(half).isEqualTo(0.5, org.assertj.core.data.Offset.offset(0.01));
        assertThat(full).isEqualTo(1.0);
    }

    @Test
    void noEligibleScannerMeansNoChoice() {
        scheduler.update(List.of(new Candidate("a", 1, false, false, -1, -1, 0), new Candidate("b", 0, false, true,
            -1, -1, 0)));
        assertThat(scheduler.pick("10.0.0.1", Set.of())).isEmpty();
        scheduler.update(new ArrayList<>());
        assertThat(scheduler.pick("10.0.0.1", Set.of())).isEmpty();
    }
}
