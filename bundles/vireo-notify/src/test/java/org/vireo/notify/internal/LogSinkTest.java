package org.vireo.notify.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.osgi.service.event.Event;
import org.vireo.events.EventLog;
import org.vireo.events.NodeEvent;
import org.vireo.events.internal.EventLogComponent;

/** A sink on the node's real event log, with a sender of the test's that fails the way a defect would. */
@Timeout(30)
class LogSinkTest {

    private final EventLogComponent log = new EventLogComponent();
    private LogSink sink;

    @AfterEach
    void stop() {
        if (sink != null) {
            sink.stop();
        }
        log.deactivate();
    }

    @Test
    void aSenderThatThrowsFailsThatEventOnly_theSinkGoesOn() throws Exception {
        log.activate(Map.of());
        List<Long> sent = new CopyOnWriteArrayList<>();
        Sender flaky = new Sender() {
            @Override
            public Outcome send(NodeEvent event, String node, BooleanSupplier stopping) {
                if (event.seq() == 1) {
                    throw new IllegalStateException("a defect");
                }
                sent.add(event.seq());
                return new Outcome(true, "sent");
            }

            @Override
            public String target() {
                return "test";
            }
        };
        sink = new LogSink("test", "t", new EventFilter(List.of("*")), flaky, log, () -> "n1",
            fields -> log.handleEvent(new Event(LogSink.TEST_TOPIC, fields)));
        sink.start(EventLog.LIVE);

        log.handleEvent(new Event("org/vireo/vrrp/TRANSITION", Map.of("instance", "a")));
        log.handleEvent(new Event("org/vireo/vrrp/TRANSITION", Map.of("instance", "b")));

        assertThat(sink.test().get(20, TimeUnit.SECONDS)).isEqualTo("sent");
        assertThat(sent).containsExactly(2L, 3L);
        assertThat(sink.status().failed()).isEqualTo(1);
        assertThat(sink.status().lastError()).isEqualTo("failed: java.lang.IllegalStateException: a defect");
        assertThat(sink.status().problem()).isEmpty();
    }
}
