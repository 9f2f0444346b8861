package org.vireo.cluster.internal.version;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.DocumentVersion;

class HybridClockTest {

    private final AtomicLong wall = new AtomicLong(1_000_000);
    private final HybridClock clock = new HybridClock("n1", wall::get, 60_000);

    @Test
    void stampsFollowTheWallClockAndCountWithinAMillisecond() {
        DocumentVersion first = clock.stamp();
        DocumentVersion second = clock.stamp();
        wall.addAndGet(5);
        DocumentVersion third = clock.stamp();

        assertThat(first).isEqualTo(new DocumentVersion(1_000_000, 0, "n1"));
        assertThat(second).isEqualTo(new DocumentVersion(1_000_000, 1, "n1"));
        assertThat(third).isEqualTo(new DocumentVersion(1_000_005, 0, "n1"));
    }

    @Test
    void aWallClockSteppedBackDoesNotMakeVersionsGoBack() {
        DocumentVersion before = clock.stamp();
        wall.addAndGet(-30_000);

        DocumentVersion after = clock.stamp();

        assertThat(after.isNewerThan(before)).isTrue();
        assertThat(after.millis()).isEqualTo(before.millis());
    }

    @Test
    void aChangeMadeAfterSeeingAPeersChangeWinsOverIt() {
        // the peer's clock is 20 s ahead: its change still happened before ours, causally
        DocumentVersion peers = new DocumentVersion(1_020_000, 3, "n2");
        clock.observe(peers);

        DocumentVersion ours = clock.stamp();

        assertThat(ours.isNewerThan(peers)).isTrue();
        assertThat(ours.millis()).isEqualTo(1_020_000);
    }

    @Test
    void aPeerTooFarAheadIsRefusedAndLeavesTheClockAlone() {
        DocumentVersion wrong = new DocumentVersion(1_000_000 + 3_600_000, 0, "n9");

        assertThatThrownBy(() -> clock.observe(wrong)).hasMessageContaining("3600000 ms ahead")
            .hasMessageContaining("at most 60000 ms").hasMessageContaining("n1 and n9");
        assertThat(clock.stamp()).isEqualTo(new DocumentVersion(1_000_000, 0, "n1"));
    }

    @Test
    void sixtyFiveThousandChangesInOneMillisecondMoveTimeOnRatherThanOverflow() {
        DocumentVersion last = null;
        for (int i = 0; i <= DocumentVersion.MAX_COUNTER + 1; i++) {
            DocumentVersion v = clock.stamp();
            assertThat(last == null || v.isNewerThan(last)).isTrue();
            last = v;
        }
        assertThat(last).isEqualTo(new DocumentVersion(1_000_001, 0, "n1"));
    }

    /**
     * Three nodes with skewed, jittering clocks exchange changes at random: every node's stamps increase, and a
     * stamp made after a node saw another's change (causally later) is higher, for many seeds.
     */
    @Test
    void causallyLaterChangesAlwaysGetHigherVersions() {
        for (int seed = 0; seed < 500; seed++) {
            Random random = new Random(seed);
            long[] skew = {0, random.nextInt(5_000) - 2_500, random.nextInt(5_000) - 2_500};
            AtomicLong real = new AtomicLong(2_000_000);
            List<HybridClock> nodes = new ArrayList<>();
            for (int n = 0; n < 3; n++) {
                int i = n;
                nodes.add(new HybridClock("n" + n, () -> real.get() + skew[i] + random.nextInt(3), 60_000));
            }
            DocumentVersion[] last = new DocumentVersion[3];
            for (int step = 0; step < 200; step++) {
                real.addAndGet(random.nextInt(4));
                int from = random.nextInt(3);
                DocumentVersion sent = nodes.get(from).stamp();
                assertThat(last[from] == null || sent.isNewerThan(last[from])).as("seed %d", seed).isTrue();
                last[from] = sent;
                int to = random.nextInt(3);
                if (to != from) {
                    nodes.get(to).observe(sent);
                    DocumentVersion reply = nodes.get(to).stamp();
                    assertThat(reply.isNewerThan(sent)).as("seed %d step %d", seed, step).isTrue();
                    last[to] = reply;
                }
            }
        }
    }
}
