package org.vireo.api;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.servlet.http.HttpServletResponse;
import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.sse.Sse;
import javax.ws.rs.sse.SseEventSink;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A route's Server-Sent Events pushed once a second to each client that opened it: what a console page shows live
 * without asking again. Each client has a cursor (how far it has been sent); at each tick {@link Tick#send} writes
 * what is new after it and moves it on. One thread of the feed serves every client and never waits for one: a tick
 * whose previous writes are not done yet is skipped, a client that takes nothing for {@value #MAX_SKIPPED} ticks or
 * whose write failed is closed. At most {@code maxStreams} clients at once; one more is answered 503.
 *
 * @param <C> a client's cursor, e.g. the number of the last entry it was sent
 */
public final class LiveFeed<C> {

    /** Ticks a client may fall behind before its stream is closed. */
    public static final int MAX_SKIPPED = 30;

    private static final Logger LOG = LoggerFactory.getLogger(LiveFeed.class);

    /** What one tick sends to one client. */
    @FunctionalInterface
    public interface Tick<C> {
        /**
         * Sends what is new after {@code cursor} with {@code out}, on the feed's thread.
         *
         * @return the cursor after what was sent
         */
        C send(Events out, C cursor);
    }

    /** The events of one tick to one client, written in the order sent. */
    public static final class Events {
        private final SseEventSink sink;
        private final Sse sse;
        private CompletionStage<?> written;

        /** Events to {@code sink}, built by {@code sse} (the feed makes them; a test of a {@link Tick} too). */
        public Events(SseEventSink sink, Sse sse) {
            this.sink = sink;
            this.sse = sse;
            this.written = CompletableFuture.completedFuture(null);
        }

        /** Sends {@code data} as JSON in an event named {@code name}, after the ones sent before it. */
        public void send(String name, Object data) {
            written = written.thenCompose(done -> sink.send(sse.newEventBuilder().name(name)
                .mediaType(MediaType.APPLICATION_JSON_TYPE).data(data.getClass(), data).build()));
        }
    }

    /** One client: its cursor and its writes of the last tick that sent. */
    static final class Stream<C> {
        private final SseEventSink sink;
        private final Sse sse;
        private C cursor;
        private CompletionStage<?> pending = CompletableFuture.completedFuture(null);
        private int skipped;

        Stream(SseEventSink sink, Sse sse, C cursor) {
            this.sink = sink;
            this.sse = sse;
            this.cursor = cursor;
        }

        /** @return false once the stream has ended (the client left, failed, or took nothing for too long) */
        boolean tick(Tick<C> tick) {
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
            Events out = new Events(sink, sse);
            cursor = tick.send(out, cursor);
            pending = out.written;
            return true;
        }

        void close() {
            sink.close();
        }
    }

    private final String what;
    private final int maxStreams;
    private final Tick<C> tick;
    private final Set<Stream<C>> streams = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService thread;

    /**
     * Starts the feed's thread.
     *
     * @param what       what the feed sends, for its thread's name and the 503 ("the scanner")
     * @param maxStreams how many clients at once
     * @param tick       what a tick sends to a client
     */
    public LiveFeed(String what, int maxStreams, Tick<C> tick) {
        this.what = what;
        this.maxStreams = maxStreams;
        this.tick = tick;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "vireo-live " + what);
            t.setDaemon(true);
            return t;
        });
        thread.scheduleWithFixedDelay(() -> streams.forEach(this::tickOne), 1, 1, TimeUnit.SECONDS);
    }

    /**
     * A client's stream, from {@code cursor} on: its first events now, then once a second.
     *
     * @throws WebApplicationException 503 when {@code maxStreams} are open already
     */
    public void open(SseEventSink sink, Sse sse, C cursor, HttpServletResponse response) {
        if (streams.size() >= maxStreams) {
            throw new WebApplicationException(new ApiError(503, maxStreams + " streams of " + what + " are open"
                + " already; try again later").response().build());
        }
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Accel-Buffering", "no"); // a reverse proxy in front must not hold the stream back
        Stream<C> stream = new Stream<>(sink, sse, cursor);
        streams.add(stream);
        thread.execute(() -> tickOne(stream)); // the first answer now, not in a second
    }

    /**
     * Runs {@code task} now and then every {@code period} on the feed's thread, clients or none: what the feed samples
     * for its clients (a history to send), so that a tick never reads half a sample.
     */
    public void every(Duration period, Runnable task) {
        thread.scheduleAtFixedRate(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.warn("{}: a sample failed (the next one is taken as planned)", what, e);
            }
        }, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** How many clients are open. */
    public int streams() {
        return streams.size();
    }

    /** Stops the thread and closes every client's stream (the route's component stops). */
    public void close() {
        thread.shutdownNow();
        streams.forEach(Stream::close);
        streams.clear();
    }

    private void tickOne(Stream<C> stream) {
        try {
            if (!stream.tick(tick)) {
                streams.remove(stream);
            }
        } catch (RuntimeException e) {
            stream.close(); // a write to a client gone: its stream ends, the others go on
            streams.remove(stream);
        }
    }
}
