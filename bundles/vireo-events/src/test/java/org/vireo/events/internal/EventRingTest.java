package org.vireo.events.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.events.EventLog;
import org.vireo.events.NodeEvent;

class EventRingTest {

    private final FakeClock clock = new FakeClock();

    private EventRing ring(int history, int backlog) {
        return new EventRing(clock, new EventsOptions(history, backlog, 4));
    }

    private static void append(EventRing ring, int n) {
        for (int i = 0; i < n; i++) {
            ring.append("test.tick", Map.of("i", (long) i));
        }
    }

    private static List<Long> seqs(List<NodeEvent> events) {
        return events.stream().map(NodeEvent::seq).toList();
    }

    /** What the mailbox holds now, without waiting. */
    private static List<Mailbox.Next> drain(Mailbox m) throws InterruptedException {
        List<Mailbox.Next> out = new ArrayList<>();
        Mailbox.Next n;
        while (!((n = m.next(1)) instanceof Mailbox.Idle)) {
            out.add(n);
            if (n instanceof Mailbox.Ended) {
                break;
            }
        }
        return out;
    }

    private static List<Long> seqsOf(List<Mailbox.Next> nexts) {
        return nexts.stream().filter(Mailbox.Event.class::isInstance).map(n -> ((Mailbox.Event) n).event().seq())
            .toList();
    }

    @Test
    void eventsAreNumberedFromOneInTheOrderTaken_withTheClocksTime() {
        EventRing ring = ring(10, 10);

        NodeEvent first = ring.append("vrrp.transition", Map.of("to", "MASTER"));
        clock.advance(Duration.ofMillis(5));
        NodeEvent second = ring.append("health.monitor", Map.of("to", "UP"));

        assertThat(first.seq()).isEqualTo(1);
        assertThat(second.seq()).isEqualTo(2);
        assertThat(second.time()).isEqualTo(Instant.parse("2026-12-02T11:58:01.128Z"));
        assertThat(ring.lastSequence()).isEqualTo(2);
        assertThat(ring.read(0, 10)).containsExactly(first, second);
    }

    @Test
    void theHistoryHoldsTheNewestEvents_andAReaderFromBeforeItIsToldHowManyItMissed() {
        EventRing ring = ring(10, 10);
        append(ring, 25);

        assertThat(seqs(ring.latest(100))).containsExactly(16L, 17L, 18L, 19L, 20L, 21L, 22L, 23L, 24L, 25L);
        List<NodeEvent> fromFive = ring.read(5, 3);
        NodeEvent notice = fromFive.get(0);
        assertThat(notice.seq()).isZero();
        assertThat(notice.type()).isEqualTo(EventLog.MISSED);
        assertThat(notice.fields()).containsEntry("after", 5L).containsEntry("missed", 10L).containsEntry("first", 16L);
        assertThat((String) notice.fields().get("reason")).isEqualTo("10 events after 5 are older than the history of"
            + " 10 events");
        assertThat(seqs(fromFive.subList(1, fromFive.size()))).containsExactly(16L, 17L, 18L);
    }

    @Test
    void aReaderResumesRightAfterItsLastEvent_withoutANotice() {
        EventRing ring = ring(10, 10);
        append(ring, 25);

        assertThat(seqs(ring.read(15, 100))).containsExactly(16L, 17L, 18L, 19L, 20L, 21L, 22L, 23L, 24L, 25L);
        assertThat(seqs(ring.read(22, 2))).containsExactly(23L, 24L);
        assertThat(ring.read(25, 100)).isEmpty();
        assertThat(seqs(ring.latest(2))).containsExactly(24L, 25L);
    }

    @Test
    void aNumberBeyondTheLast_isFromBeforeARestart_andGetsEverythingHeldAfterANotice() {
        EventRing ring = ring(10, 10);
        append(ring, 3);

        List<NodeEvent> events = ring.read(500, 100);

        assertThat(events.get(0).type()).isEqualTo(EventLog.MISSED);
        assertThat(events.get(0).fields()).containsEntry("missed", -1L).containsEntry("first", 1L);
        assertThat((String) events.get(0).fields().get("reason")).contains("it started again since");
        assertThat(seqs(events.subList(1, events.size()))).containsExactly(1L, 2L, 3L);
    }

    @Test
    void aSubscriberGetsTheHistoryItAskedForThenEveryNewEvent_withoutGapsOrRepeats() throws Exception {
        EventRing ring = ring(10, 10);
        append(ring, 5);

        Mailbox fromThree = ring.subscribe(3, () -> { });
        Mailbox live = ring.subscribe(EventLog.LIVE, () -> { });
        append(ring, 2);

        assertThat(seqsOf(drain(fromThree))).containsExactly(4L, 5L, 6L, 7L);
        assertThat(seqsOf(drain(live))).containsExactly(6L, 7L);
    }

    @Test
    void aSubscriberThatFallsItsBacklogBehind_isDropped_andTheOthersGetEverything() throws Exception {
        EventRing ring = ring(100, 10);
        List<String> woken = new ArrayList<>();
        Mailbox slow = ring.subscribe(EventLog.LIVE, () -> woken.add("slow"));
        Mailbox keepsUp = ring.subscribe(EventLog.LIVE, () -> woken.add("keepsUp"));

        List<Long> got = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ring.append("test.tick", Map.of());
            got.addAll(seqsOf(drain(keepsUp)));
        }

        assertThat(got).hasSize(30);
        assertThat(woken).containsExactly("slow");
        assertThat(ring.subscribers()).isEqualTo(1);
        Mailbox.Next end = slow.next(1);
        assertThat(end).isEqualTo(new Mailbox.Ended("it fell 10 events behind (backlog in etc/org.vireo.events.cfg):"
            + " it took events slower than they came", true));
    }

    @Test
    void theHistoryItAskedForDoesNotCountAgainstASubscribersBacklog() throws Exception {
        EventRing ring = ring(100, 10);
        append(ring, 50);

        Mailbox m = ring.subscribe(0, () -> { });
        append(ring, 10);

        assertThat(seqsOf(drain(m))).hasSize(60);
    }

    @Test
    void subscribersAreBounded() {
        EventRing ring = ring(10, 10);
        for (int i = 0; i < 4; i++) {
            ring.subscribe(EventLog.LIVE, () -> { });
        }

        assertThatThrownBy(() -> ring.subscribe(EventLog.LIVE, () -> { })).isInstanceOf(IllegalStateException.class)
            .hasMessage("the event log has 4 subscribers, as many as it allows (maxSubscribers in"
                + " etc/org.vireo.events.cfg)");
    }

    @Test
    void aShorterHistoryKeepsTheNewest_aLongerOneKeepsAll() {
        EventRing ring = ring(10, 10);
        append(ring, 14);

        ring.configure(new EventsOptions(12, 10, 4));
        assertThat(seqs(ring.latest(100))).containsExactly(5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L, 13L, 14L);
        ring.configure(new EventsOptions(3, 10, 4));
        assertThat(seqs(ring.latest(100))).containsExactly(12L, 13L, 14L);
        append(ring, 1);
        assertThat(seqs(ring.read(0, 100))).containsExactly(0L, 13L, 14L, 15L);
    }

    @Test
    void endingTheLogEndsEverySubscription_notAsDropped() throws Exception {
        EventRing ring = ring(10, 10);
        Mailbox m = ring.subscribe(EventLog.LIVE, () -> { });

        ring.endAll("the event log stopped");

        assertThat(m.next(1)).isEqualTo(new Mailbox.Ended("the event log stopped", false));
        assertThat(ring.subscribers()).isZero();
    }
}
