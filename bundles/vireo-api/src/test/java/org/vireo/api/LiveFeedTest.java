package org.vireo.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import org.vireo.testkit.FakeSse;

/** What a client of a live route gets at each tick, and that a client who reads nothing never holds the feed. */
class LiveFeedTest {

    private final FakeSse.Sink sink = new FakeSse.Sink();

    /** Sends the cursor's next number as "n", and a second event "even" when that number is even. */
    private static Integer count(LiveFeed.Events out, Integer cursor) {
        int next = cursor + 1;
        out.send("n", next);
        if (next % 2 == 0) {
            out.send("even", next);
        }
        return next;
    }

    @Test
    void eachTickSendsWhatIsNewAfterTheCursorAndMovesIt() {
        LiveFeed.Stream<Integer> stream = new LiveFeed.Stream<>(sink, new FakeSse(), 5);

        assertThat(stream.tick(LiveFeedTest::count)).isTrue();
        assertThat(stream.tick(LiveFeedTest::count)).isTrue();

        assertThat(sink.sent).extracting(FakeSse.Message::name).containsExactly("n", "even", "n");
        assertThat(sink.sent).extracting(FakeSse.Message::data).containsExactly(6, 6, 7);
    }

    @Test
    void aClientThatReadsNothingIsSkippedThenClosed_neverWaitedFor() {
        sink.next = new CompletableFuture<>(); // no write of this client completes
        LiveFeed.Stream<Integer> stream = new LiveFeed.Stream<>(sink, new FakeSse(), 0);

        for (int i = 0; i < LiveFeed.MAX_SKIPPED; i++) {
            assertThat(stream.tick(LiveFeedTest::count)).isTrue();
        }
        assertThat(sink.sent).hasSize(1); // the ticks behind an unwritten one sent nothing
        assertThat(stream.tick(LiveFeedTest::count)).isFalse();
        assertThat(sink.closed).isTrue();
    }

    @Test
    void aClientWhoseWriteFailedIsDropped() {
        CompletableFuture<Void> write = new CompletableFuture<>();
        sink.next = write;
        LiveFeed.Stream<Integer> stream = new LiveFeed.Stream<>(sink, new FakeSse(), 0);
        stream.tick(LiveFeedTest::count);

        write.completeExceptionally(new IOException("broken pipe"));

        assertThat(stream.tick(LiveFeedTest::count)).isFalse();
        assertThat(sink.closed).isTrue();
    }

    @Test
    void aClientThatLeftIsDropped() {
        LiveFeed.Stream<Integer> stream = new LiveFeed.Stream<>(sink, new FakeSse(), 0);
        sink.close();

        assertThat(stream.tick(LiveFeedTest::count)).isFalse();
        assertThat(sink.sent).isEmpty();
    }
}
