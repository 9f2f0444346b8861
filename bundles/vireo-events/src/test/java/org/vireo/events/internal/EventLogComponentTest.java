package org.vireo.events.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.osgi.service.event.Event;
import org.vireo.events.EventLog;
import org.vireo.events.EventSubscriber;
import org.vireo.events.NodeEvent;

/** The log as a service: fed through EventAdmin's handler from many threads, subscribers on threads of their own. */
@Timeout(30)
class EventLogComponentTest {

    private final EventLogComponent log = new EventLogComponent(new FakeClock());

    @AfterEach
    void stop() {
        log.deactivate();
    }

    private static Event event(String topic, Map<String, Object> properties) {
        return new Event(topic, properties);
    }

    /** Records what it is given; its ending as the last element. */
    private static final class Recorder implements EventSubscriber {
        final LinkedBlockingQueue<Object> got = new LinkedBlockingQueue<>();

        @Override
        public void deliver(NodeEvent event) {
            got.add(event);
        }

        @Override
        public void ended(String reason, boolean dropped) {
            got.add((dropped ? "dropped: " : "ended: ") + reason);
        }

        NodeEvent nextEvent() throws InterruptedException {
            Object o = got.poll(10, TimeUnit.SECONDS);
            assertThat(o).isInstanceOf(NodeEvent.class);
            return (NodeEvent) o;
        }

        String ending() throws InterruptedException {
            Object o;
            do {
                o = got.poll(10, TimeUnit.SECONDS);
                assertThat(o).as("an ending within 10 s").isNotNull();
            } while (!(o instanceof String));
            return (String) o;
        }
    }

    @Test
    void manyPublishingThreads_giveStrictlyIncreasingGapFreeNumbers_inTheOrderASubscriberSeesThem() throws Exception {
        log.activate(Map.of("history", "100000", "backlog", "100000"));
        Recorder subscriber = new Recorder();
        log.subscribe("test", EventLog.LIVE, Duration.ZERO, subscriber);
        int threads = 8;
        int each = 2000;
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> publishers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            String source = "t" + t;
            Thread p = new Thread(() -> {
                try {
                    start.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < each; i++) {
                    log.handleEvent(event("org/vireo/test/TICK", Map.of("source", source, "i", i)));
                }
            });
            publishers.add(p);
            p.start();
        }
        for (Thread p : publishers) {
            p.join();
        }

        Map<String, Long> lastBySource = new HashMap<>();
        for (long seq = 1; seq <= threads * each; seq++) {
            NodeEvent e = subscriber.nextEvent();
            assertThat(e.seq()).isEqualTo(seq);
            // each thread's own events stay in the order it posted them
            Long previous = lastBySource.put((String) e.fields().get("source"), (Long) e.fields().get("i"));
            assertThat((Long) e.fields().get("i")).isEqualTo(previous == null ? 0 : previous + 1);
        }
        assertThat(log.lastSequence()).isEqualTo(threads * each);
        assertThat(log.read(0, threads * each)).extracting(NodeEvent::seq).isSorted().doesNotHaveDuplicates()
            .hasSize(threads * each);
    }

    @Test
    void aHungSubscriberIsDroppedAndTold_whileThePublisherAndTheOtherSubscriberGoOn() throws Exception {
        log.activate(Map.of("backlog", "10"));
        CountDownLatch neverReleased = new CountDownLatch(1);
        LinkedBlockingQueue<String> hungEnding = new LinkedBlockingQueue<>();
        log.subscribe("hung sink", EventLog.LIVE, Duration.ZERO, new EventSubscriber() {
            @Override
            public void deliver(NodeEvent event) throws InterruptedException {
                neverReleased.await(); // a sink whose peer never answers
            }

            @Override
            public void ended(String reason, boolean dropped) {
                hungEnding.add(dropped + ": " + reason);
            }
        });
        Recorder other = new Recorder();
        log.subscribe("other", EventLog.LIVE, Duration.ZERO, other);

        for (long seq = 1; seq <= 100; seq++) { // the publisher never waits for the hung one
            log.handleEvent(event("org/vireo/test/TICK", Map.of()));
            assertThat(other.nextEvent().seq()).isEqualTo(seq);
        }

        assertThat(hungEnding.poll(10, TimeUnit.SECONDS)).isEqualTo("true: it fell 10 events behind (backlog in"
            + " etc/org.vireo.events.cfg): it took events slower than they came");
    }

    @Test
    void theHandlersOwnTopicPropertyIsNotTakenForAKeyOfThePid() throws Exception {
        // what DS hands the component: its own properties beside the PID's
        log.activate(Map.of("event.topics", "org/vireo/*", "component.name", "x", "component.id", 7L, "history", "10"));
        for (int i = 0; i < 15; i++) {
            log.handleEvent(event("org/vireo/test/TICK", Map.of()));
        }
        Recorder late = new Recorder();

        log.subscribe("late", 0, Duration.ZERO, late);

        NodeEvent notice = late.nextEvent();
        assertThat(notice.type()).as("history 10 taken, not refused for the defaults").isEqualTo(EventLog.MISSED);
        assertThat(notice.fields()).containsEntry("first", 6L);
    }

    @Test
    void aSubscriberResumesAfterItsLastEvent_andIsToldWhatTheHistoryNoLongerHolds() throws Exception {
        log.activate(Map.of("history", "10"));
        for (int i = 0; i < 15; i++) {
            log.handleEvent(event("org/vireo/test/TICK", Map.of()));
        }
        Recorder resumed = new Recorder();
        Recorder late = new Recorder();

        log.subscribe("resumed", 12, Duration.ZERO, resumed);
        log.subscribe("late", 2, Duration.ZERO, late);

        assertThat(List.of(resumed.nextEvent().seq(), resumed.nextEvent().seq(), resumed.nextEvent().seq()))
            .containsExactly(13L, 14L, 15L);
        NodeEvent notice = late.nextEvent();
        assertThat(notice.type()).isEqualTo(EventLog.MISSED);
        assertThat(notice.fields()).containsEntry("missed", 3L).containsEntry("first", 6L);
        assertThat(late.nextEvent().seq()).isEqualTo(6);
    }

    @Test
    void anIdleSubscriptionIsCalledWhenNothingComes_andClosingEndsIt() throws Exception {
        log.activate(Map.of());
        LinkedBlockingQueue<String> calls = new LinkedBlockingQueue<>();
        var subscription = log.subscribe("idle", EventLog.LIVE, Duration.ofMillis(20), new EventSubscriber() {
            @Override
            public void deliver(NodeEvent event) {
                calls.add("event");
            }

            @Override
            public void idle() {
                calls.add("idle");
            }

            @Override
            public void ended(String reason, boolean dropped) {
                calls.add(dropped + ": " + reason);
            }
        });

        assertThat(calls.poll(10, TimeUnit.SECONDS)).isEqualTo("idle");
        subscription.close();
        String last;
        do {
            last = calls.poll(10, TimeUnit.SECONDS);
        } while ("idle".equals(last));
        assertThat(last).isEqualTo("false: closed by its reader");
    }

    @Test
    void aDeliveryThatFailsEndsItsSubscriptionOnly() throws Exception {
        log.activate(Map.of());
        LinkedBlockingQueue<String> ending = new LinkedBlockingQueue<>();
        log.subscribe("gone", EventLog.LIVE, Duration.ZERO, new EventSubscriber() {
            @Override
            public void deliver(NodeEvent event) throws java.io.IOException {
                throw new java.io.IOException("Broken pipe");
            }

            @Override
            public void ended(String reason, boolean dropped) {
                ending.add(dropped + ": " + reason);
            }
        });
        Recorder other = new Recorder();
        log.subscribe("other", EventLog.LIVE, Duration.ZERO, other);

        log.handleEvent(event("org/vireo/test/TICK", Map.of()));
        log.handleEvent(event("org/vireo/test/TICK", Map.of()));

        assertThat(ending.poll(10, TimeUnit.SECONDS)).isEqualTo("false: a delivery failed: java.io.IOException:"
            + " Broken pipe");
        assertThat(other.nextEvent().seq()).isEqualTo(1);
        assertThat(other.nextEvent().seq()).isEqualTo(2);
    }

    @Test
    void stoppingTheLogEndsItsSubscriptions() throws Exception {
        log.activate(Map.of());
        Recorder r = new Recorder();
        log.subscribe("r", EventLog.LIVE, Duration.ZERO, r);

        log.deactivate();

        assertThat(r.ending()).isEqualTo("ended: the event log stopped");
    }

    @Test
    void aRefusedConfigurationKeepsTheOneInForce() {
        log.activate(Map.of("history", "10"));
        for (int i = 0; i < 15; i++) {
            log.handleEvent(event("org/vireo/test/TICK", Map.of()));
        }

        log.modified(Map.of("history", "5", "backlog", "lots"));

        assertThat(log.latest(100)).hasSize(10);
    }

    @Test
    void theEventsTypeComesFromItsTopic_andItsPropertiesAreItsFields() {
        log.activate(Map.of());

        log.handleEvent(event("org/vireo/vrrp/TRANSITION", Map.of("instance", "a", "from", "BACKUP", "to", "MASTER",
            "priority", 120)));

        NodeEvent e = log.latest(1).get(0);
        assertThat(e.type()).isEqualTo("vrrp.transition");
        assertThat(e.fields()).containsExactly(Map.entry("from", "BACKUP"), Map.entry("instance", "a"),
            Map.entry("priority", 120L), Map.entry("to", "MASTER"));
    }
}
