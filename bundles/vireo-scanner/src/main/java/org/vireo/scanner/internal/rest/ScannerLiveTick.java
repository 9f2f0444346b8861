package org.vireo.scanner.internal.rest;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.sse.OutboundSseEvent;
import javax.ws.rs.sse.Sse;
import javax.ws.rs.sse.SseEventSink;

import org.vireo.api.TailRing;
import org.vireo.scanner.internal.access.AccessEntry;
import org.vireo.scanner.internal.access.AccessView;

/**
 * One client's {@code GET /api/v1/scanner/live}: at each tick the proxy's counters ({@code event: counters}) and the
 * exchanges the access log took since the last tick ({@code event: access}, at most {@value #PER_TICK}; a client that
 * gets more is told how many it missed). The node never waits for a client: a tick whose previous sends are not
 * written yet is skipped, and a client that takes nothing for {@value #MAX_SKIPPED} ticks is closed.
 */
final class LiveStream {

    static final int PER_TICK = 200;
    static final int MAX_SKIPPED = 30;

    /** What one tick sends of the access log: the exchanges, oldest first, and how many were left out. */
    record AccessBatch(long last, long missed, List<AccessView> entries) {
    }

    private final SseEventSink sink;
    private final Sse sse;
    private long after;
    private CompletionStage<?> pending = CompletableFuture.completedFuture(null);
    private int skipped;

    LiveStream(SseEventSink sink, Sse sse, long after) {
        this.sink = sink;
        this.sse = sse;
        this.after = after;
    }

    /**
     * One tick, on the ticker's thread.
     *
     * @return false once the stream has ended (the client left, or took nothing for too long): drop it
     */
    boolean tick(Supplier<Object> counters, TailRing<AccessEntry> access) {
        if (sink.isClosed()) {
            return false;
        }
        CompletableFuture<?> previous = pending.toCompletableFuture();
        if (previous.isCompletedExceptionally()) {
            sink.close();
            return false;
        }
        if (!previous.isDone()) {
            if (++skipped >= MAX_SKIPPED) {
                sink.close();
                return false;
            }
            return true;
        }
        skipped = 0;
        long last = access.last();
        List<AccessEntry> entries = access.read(after, e -> true, PER_TICK);
        long newest = entries.isEmpty() ? after : entries.get(entries.size() - 1).seq();
        long missed = entries.isEmpty() ? 0 : entries.get(0).seq() - after - 1;
        after = Math.max(newest, after);
        CompletionStage<?> sent = sink.send(json("counters", counters.get()));
        if (!entries.isEmpty()) {
            AccessBatch batch = new AccessBatch(last, Math.max(0, missed), entries.stream().map(AccessView::of).toList());
            sent = sent.thenCompose(done -> sink.send(json("access", batch)));
        }
        pending = sent;
        return true;
    }

    private OutboundSseEvent json(String name, Object data) {
        return sse.newEventBuilder().name(name).mediaType(MediaType.APPLICATION_JSON_TYPE)
            .data(data.getClass(), data).build();
    }

    void close() {
        sink.close();
    }
}
