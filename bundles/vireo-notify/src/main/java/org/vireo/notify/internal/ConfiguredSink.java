package org.vireo.notify.internal;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.events.EventLog;
import org.vireo.notify.NotifySink;
import org.vireo.notify.SinkStatus;

/**
 * A sink as its factory configuration makes it: started with the first accepted configuration, started anew (from
 * where the last one stopped, after its sending under way) with each accepted change; a refused configuration is
 * logged and shown by {@code notify:list}, and the sink goes on as it was (at the start: nothing runs).
 *
 * @param <O> its parsed options
 */
public final class ConfiguredSink<O> implements NotifySink {

    private static final Logger LOG = LoggerFactory.getLogger(ConfiguredSink.class);

    /**
     * What a kind of sink is made of.
     *
     * @param kind   {@code hook}, {@code webhook}, {@code syslog}
     * @param parse  its configuration's parse; throws IllegalArgumentException naming the PID, each bad key and
     *               what is accepted
     * @param name   the name its options give
     * @param events the event types its options take
     * @param sender its sending, made of its options
     */
    public record Kind<O>(String kind, Function<Map<String, ?>, O> parse, Function<O, String> name,
                          Function<O, EventFilter> events, Function<O, Sender> sender) {
    }

    private final Kind<O> kind;
    private final EventLog log;
    private final Supplier<String> node;
    private final BiConsumer<String, Map<String, Object>> post;
    private volatile LogSink sink;
    private volatile String refused = "";
    private volatile String label;
    private volatile O options;

    /** @param post posts an EventAdmin event (topic, properties): the test events */
    public ConfiguredSink(Kind<O> kind, EventLog log, Supplier<String> node,
                          BiConsumer<String, Map<String, Object>> post) {
        this.kind = kind;
        this.log = log;
        this.node = node;
        this.post = post;
    }

    /** The first configuration, or a changed one. */
    public synchronized void configure(Map<String, ?> properties) {
        if (label == null) {
            // a refused configuration's sink is shown by the name it gives, else by its PID
            Object named = properties.get("name");
            label = named instanceof String n && !n.isBlank() ? n.strip()
                : String.valueOf(properties.containsKey("service.pid") ? properties.get("service.pid") : kind.kind());
        }
        O options;
        try {
            options = kind.parse().apply(properties);
        } catch (IllegalArgumentException e) {
            refused = e.getMessage();
            LOG.error("{}; {}", e.getMessage(), sink == null ? "this " + kind.kind() + " does not run until it is"
                + " fixed" : kind.kind() + " " + sink.name() + " goes on as it was configured");
            return;
        }
        refused = "";
        this.options = options;
        LogSink previous = sink;
        String name = kind.name().apply(options);
        EventFilter events = kind.events().apply(options);
        LogSink next = new LogSink(kind.kind(), name, events, kind.sender().apply(options), log, node,
            fields -> post.accept(LogSink.TEST_TOPIC, fields));
        sink = next;
        if (previous == null) {
            next.start(EventLog.LIVE);
        } else {
            // from where the previous one stopped, once its sending under way has ended: no event is missed or sent
            // twice across the change, and two sendings of one sink never overlap
            previous.stop().thenAccept(next::start);
        }
        LOG.info("{} {} sends {} to {}", kind.kind(), name, events, next.status().target());
    }

    /** The options it runs with: its last accepted configuration's; empty while none was. */
    public Optional<O> options() {
        return Optional.ofNullable(options);
    }

    public void stop() {
        LogSink s = sink;
        if (s != null) {
            s.stop();
        }
    }

    @Override
    public String kind() {
        return kind.kind();
    }

    @Override
    public String name() {
        LogSink s = sink;
        return s != null ? s.name() : label;
    }

    @Override
    public SinkStatus status() {
        LogSink s = sink;
        if (s == null) {
            return new SinkStatus("", "", 0, 0, 0, 0, "", "", null, refused);
        }
        SinkStatus running = s.status();
        return refused.isEmpty() ? running : new SinkStatus(running.target(), running.events(), running.sent(),
            running.failed(), running.queued(), running.lost(), running.lastOutcome(), running.lastError(),
            running.lastErrorAt(), "its last configuration is refused: " + refused);
    }

    @Override
    public CompletableFuture<String> test() {
        LogSink s = sink;
        return s != null ? s.test()
            : CompletableFuture.completedFuture("not sent: its configuration is refused: " + refused);
    }
}
