package org.vireo.api.internal.events;

import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javax.ws.rs.sse.OutboundSseEvent;
import javax.ws.rs.sse.Sse;
import javax.ws.rs.sse.SseEventSink;

import org.vireo.events.EventSubscriber;
import org.vireo.events.NodeEvent;

/**
 * One client's {@code GET /api/v1/events}, fed by the event log on its subscription's thread: each event as {@code
 * id: <seq>}, {@code event: <type>}, {@code data: <its JSON>}; a notice (sequence number 0) without an id, so that the
 * client's {@code Last-Event-ID} stays its last event's. Each send waits for the write (so a client that stops reading
 * makes the log's backlog for it fill up, and the log drops it), at most {@value #SEND_TIMEOUT_SECONDS} s.
 */
final class SseStream implements EventSubscriber {

    /** The type of the last thing a dropped client gets before its stream is closed. */
    static final String DROPPED = "events.dropped";
    static final long SEND_TIMEOUT_SECONDS = 30;
    /** How long the notice of a drop may take to go out: the client is slow by then. */
    private static final long NOTICE_TIMEOUT_SECONDS = 5;

    private final SseEventSink sink;
    private final Sse sse;
    private final Supplier<String> node;
    private final Supplier<Instant> clock;
    private final Consumer<SseStream> onEnd;

    /** @param onEnd told once the stream has ended (closed) */
    SseStream(SseEventSink sink, Sse sse, Supplier<String> node, Supplier<Instant> clock, Consumer<SseStream> onEnd) {
        this.sink = sink;
        this.sse = sse;
        this.node = node;
        this.clock = clock;
        this.onEnd = onEnd;
    }

    @Override
    public void deliver(NodeEvent event) throws Exception {
        send(message(event), SEND_TIMEOUT_SECONDS);
    }

    /** A comment line: keeps the connection from looking idle (to Jetty, to proxies) and finds a client gone. */
    @Override
    public void idle() throws Exception {
        send(sse.newEventBuilder().comment("keep-alive").build(), SEND_TIMEOUT_SECONDS);
    }

    /** A dropped client is told why before its stream closes; it may reconnect with its Last-Event-ID. */
    @Override
    public void ended(String reason, boolean dropped) {
        try {
            if (dropped && !sink.isClosed()) {
                send(message(new NodeEvent(0, clock.get(), DROPPED, Map.of("reason", reason))),
                    NOTICE_TIMEOUT_SECONDS);
            }
        } catch (Exception e) {
            // it is being dropped for being slow: the notice may not get through
        } finally {
            sink.close();
            onEnd.accept(this);
        }
    }

    /** Closes the client's stream from outside (the API stops): the next send fails and ends the subscription. */
    void close() {
        sink.close();
    }

    OutboundSseEvent message(NodeEvent event) {
        OutboundSseEvent.Builder b = sse.newEventBuilder().name(event.type()).data(String.class,
            event.toJson(node.get()));
        if (event.seq() > 0) {
            b.id(String.valueOf(event.seq()));
        }
        return b.build();
    }

    private void send(OutboundSseEvent message, long timeoutSeconds) throws Exception {
        try {
            sink.send(message).toCompletableFuture().get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IOException("the client is gone: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IOException("the client took no data for " + timeoutSeconds + " s", e);
        }
    }
}
