package org.vireo.balancer.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.vireo.api.LiveFeed;
import org.vireo.balancer.ScannerStats;
import org.vireo.testkit.FakeSse;

/** What the balancer page's chart is sent: the samples held when it opens, then each new one, ten minutes at most. */
class ConnectionHistoryTest {

    private final FakeSse.Sink sink = new FakeSse.Sink();
    private final ConnectionHistory history = new ConnectionHistory();

    private static ScannerStats scanner(String id, int active, long total) {
        return new ScannerStats(id, true, false, 1, 1, 0, active, total, 0, 0, 0, -1, -1, null, 0);
    }

    private long send(long after) {
        return history.send(new LiveFeed.Events(sink, new FakeSse()), after);
    }

    private ConnectionHistory.Samples sent(int i) {
        return (ConnectionHistory.Samples) sink.sent.get(i).data();
    }

    @Test
    void aClientGetsEverySampleHeldThenOnlyTheNewOnes() {
        history.sample(Instant.ofEpochSecond(100), List.of(scanner("10.0.0.21:3128", 3, 40),
            scanner("10.0.0.22:3128", 1, 9)));
        history.sample(Instant.ofEpochSecond(105), List.of(scanner("10.0.0.21:3128", 5, 44)));

        long cursor = send(-1);
        assertThat(send(cursor)).as("nothing new: nothing sent").isEqualTo(cursor);
        history.sample(Instant.ofEpochSecond(110, 4_321_000), List.of());
        send(cursor);

        assertThat(sink.sent).extracting(FakeSse.Message::name).containsExactly("samples", "samples");
        assertThat(sent(0).intervalSeconds()).isEqualTo(5);
        assertThat(sent(0).samples()).extracting(ConnectionHistory.Sample::seq).containsExactly(1L, 2L);
        assertThat(sent(0).samples().get(0).scanners()).containsExactly(
            new ConnectionHistory.Point("10.0.0.21:3128", 3, 40), new ConnectionHistory.Point("10.0.0.22:3128", 1, 9));
        assertThat(sent(1).samples()).singleElement().satisfies(s -> {
            assertThat(s.seq()).isEqualTo(3);
            assertThat(s.time()).isEqualTo("1970-01-01T00:01:50.004Z");
            assertThat(s.scanners()).isEmpty();
        });
    }

    @Test
    void tenMinutesAreHeld() {
        for (int i = 0; i < ConnectionHistory.HELD + 7; i++) {
            history.sample(Instant.ofEpochSecond(i * 5L), List.of(scanner("s", i, i)));
        }
        send(-1);

        List<ConnectionHistory.Sample> held = sent(0).samples();
        assertThat(held).hasSize(ConnectionHistory.HELD);
        assertThat(held.get(0).seq()).isEqualTo(8);
        assertThat(ConnectionHistory.INTERVAL.multipliedBy(ConnectionHistory.HELD).toMinutes()).isEqualTo(10);
    }
}
