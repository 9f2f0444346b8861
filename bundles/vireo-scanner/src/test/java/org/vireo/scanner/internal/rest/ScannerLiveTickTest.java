package org.vireo.scanner.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import org.vireo.api.LiveFeed;
import org.vireo.api.TailRing;
import org.vireo.scanner.internal.access.AccessEntry;
import org.vireo.testkit.FakeSse;

/** What a client of /scanner/live gets each second (how the feed paces a slow client: LiveFeedTest in vireo-api). */
class ScannerLiveTickTest {

    private final FakeSse.Sink sink = new FakeSse.Sink();
    private final TailRing<AccessEntry> ring = new TailRing<>(4);
    private int counters;
    private final ScannerLiveTick tick = new ScannerLiveTick(() -> "counters-" + ++counters, () -> ring);

    private void exchange(String target) {
        ring.put(new AccessEntry(ring.claim(), Instant.EPOCH, "10.0.0.7", "GET", target, 200, 0, 0, 1, null, null));
    }

    private long send(long after) {
        return tick.send(new LiveFeed.Events(sink, new FakeSse()), after);
    }

    @Test
    void eachTickSendsTheCountersAndOnlyTheExchangesSinceTheLast() {
        exchange("http://a.example/");
        long after = send(0);
        exchange("http://b.example/<img src=x>");
        after = send(after);
        after = send(after);

        assertThat(after).isEqualTo(2);
        assertThat(sink.sent).extracting(FakeSse.Message::name).containsExactly("counters", "access", "counters",
            "access", "counters");
        assertThat(sink.sent.get(4).data()).isEqualTo("counters-3");
        ScannerLiveTick.AccessBatch second = (ScannerLiveTick.AccessBatch) sink.sent.get(3).data();
        assertThat(second.entries()).singleElement()
            .satisfies(v -> assertThat(v.target()).isEqualTo("http://b.example/<img src=x>"));
        assertThat(second.missed()).isZero();
        assertThat(second.last()).isEqualTo(2);
    }

    @Test
    void exchangesTheListNoLongerHeldAreCountedAsMissed() {
        for (int i = 0; i < 10; i++) {
            exchange("http://x.example/" + i);
        }
        assertThat(send(0)).isEqualTo(10);

        ScannerLiveTick.AccessBatch batch = (ScannerLiveTick.AccessBatch) sink.sent.get(1).data();
        assertThat(batch.entries()).hasSize(4);
        assertThat(batch.missed()).isEqualTo(6);
    }
}
