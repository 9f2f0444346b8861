package org.vireo.api.internal.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.vireo.events.EventLog;
import org.vireo.events.NodeEvent;
import org.vireo.testkit.FakeSse;

class SseStreamTest {

    private static final Instant NOW = Instant.parse("2026-12-02T11:58:01.123Z");

    private final FakeSse.Sink sink = new FakeSse.Sink();
    private final List<SseStream> ended = new ArrayList<>();
    private final SseStream stream = new SseStream(sink, new FakeSse(), () -> "n1", () -> NOW, ended::add);

    @Test
    void anEventGoesOutWithItsNumberAsIdItsTypeAsNameAndItsJsonAsData() throws Exception {
        stream.deliver(new NodeEvent(7, NOW, "vrrp.transition", Map.of("to", "MASTER")));

        assertThat(sink.sent).containsExactly(new FakeSse.Message("7", "vrrp.transition", null,
            "{\"seq\":7,\"time\":\"2026-12-02T11:58:01.123Z\",\"type\":\"vrrp.transition\",\"node\":\"n1\","
                + "\"to\":\"MASTER\"}"));
    }

    @Test
    void aNoticeHasNoId_soTheClientsLastEventIdStaysItsLastEvents() throws Exception {
        stream.deliver(new NodeEvent(0, NOW, EventLog.MISSED, Map.of("missed", 3L)));

        assertThat(sink.sent.get(0).id()).isNull();
        assertThat(sink.sent.get(0).name()).isEqualTo("events.missed");
    }

    @Test
    void aSendThatFailsMeansTheClientIsGone() {
        sink.next = CompletableFuture.failedFuture(new IOException("Broken pipe"));

        assertThatThrownBy(() -> stream.deliver(new NodeEvent(1, NOW, "t.t", Map.of()))).isInstanceOf(IOException.class)
            .hasMessage("the client is gone: java.io.IOException: Broken pipe");
    }

    @Test
    void aDroppedClientIsToldWhyAndClosed() {
        stream.ended("it fell 1000 events behind", true);

        assertThat(sink.sent).containsExactly(new FakeSse.Message(null, "events.dropped", null,
            "{\"seq\":0,\"time\":\"2026-12-02T11:58:01.123Z\",\"type\":\"events.dropped\",\"node\":\"n1\","
                + "\"reason\":\"it fell 1000 events behind\"}"));
        assertThat(sink.closed).isTrue();
        assertThat(ended).containsExactly(stream);
    }

    @Test
    void aStreamThatEndsOtherwiseIsClosedWithoutANotice() {
        stream.ended("the event log stopped", false);

        assertThat(sink.sent).isEmpty();
        assertThat(sink.closed).isTrue();
    }

    @Test
    void anIdleStreamSendsAComment() throws Exception {
        stream.idle();

        assertThat(sink.sent).containsExactly(new FakeSse.Message(null, null, "keep-alive", null));
    }
}
