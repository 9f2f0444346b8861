package org.vireo.scanner.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import org.vireo.api.TailRing;
import org.vireo.scanner.internal.access.AccessEntry;
import org.vireo.testkit.FakeSse;

/** What a client of /scanner/live gets each second, and that a client who reads nothing never holds the ticker. */
class LiveStreamTest {

    private final FakeSse.Sink sink = new FakeSse.Sink();
    private final TailRing<AccessEntry> ring = new TailRing<>(4);

    private void exchange(String target) {
        ring.put(new AccessEntry(ring.claim(), Instant.EPOCH, "10.0.0.7", "GET", target, 200, 0, 0, 1, null, null));
    }

    @Test
    void eachTickSendsTheCountersAndOnlyTheExchangesSinceTheLast() {
        exchange("http://a.example/");
        LiveStream stream = new LiveStream(sink, new FakeSse(), 0);

        assertThat(stream.tick(() -> "counters-1", ring)).isTrue();
        exchange("http://b.example/<img src=x>");
        assertThat(stream.tick(() -> "counters-2", ring)).isTrue();
        assertThat(stream.tick(() -> "counters-3", ring)).isTrue();

        assertThat(sink.sent).extracting(FakeSse.Message::name).containsExactly("counters", "access", "counters",
            "access", "counters");
        LiveStream.AccessBatch second = (LiveStream.AccessBatch) sink.sent.get(3).data();
        assertThat(second.entries()).singleElement()
            .satisfies(v -> assertThat(v.target()).isEqualTo("http://b.example/<img src=x>"));
        assertThat(second.missed()).isZero();
        assertThat(second.last()).isEqualTo(2);
    }

    @Test
    void aClientThatReadsNothingIsSkippedThenClosed_neverWaitedFor() {
        sink.next = new CompletableFuture<>(); // no write of this client completes
        LiveStream stream = new LiveStream(sink, new FakeSse(), 0);

        for (int i = 0; i < LiveStream.MAX_SKIPPED; i++) {
            assertThat(stream.tick(() -> "c", ring)).isTrue();
        }
        assertThat(sink.sent).hasSize(1); // the ticks behind an unwritten one sent nothing
        assertThat(stream.tick(() -> "c", ring)).isFalse();
        assertThat(sink.closed).isTrue();
    }

    @Test
    void aClientWhoseWriteFailedIsDropped() {
        CompletableFuture<Void> write = new CompletableFuture<>();
        sink.next = write;
        LiveStream stream = new LiveStream(sink, new FakeSse(), 0);
        stream.tick(() -> "c", ring);

        write.completeExceptionally(new IOException("broken pipe"));

        assertThat(stream.tick(() -> "c", ring)).isFalse();
        assertThat(sink.closed).isTrue();
    }

    @Test
    void exchangesTheListNoLongerHeldAreCountedAsMissed() {
        for (int i = 0; i < 10; i++) {
            exchange("http://x.example/" + i);
        }
        new LiveStream(sink, new FakeSse(), 0).tick(() -> "c", ring);

        LiveStream.AccessBatch batch = (LiveStream.AccessBatch) sink.sent.get(1).data();
        assertThat(batch.entries()).hasSize(4);
        assertThat(batch.missed()).isEqualTo(6);
    }
}
