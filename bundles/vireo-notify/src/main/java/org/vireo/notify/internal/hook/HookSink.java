package org.vireo.notify.internal.hook;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.events.EventLog;
import org.vireo.events.EventSubscriber;
import org.vireo.events.NodeEvent;
import org.vireo.events.Subscription;
import org.vireo.notify.NotifySink;
import org.vireo.notify.SinkStatus;

/**
 * One hook, running: a subscription to the node's event log whose thread runs the hook for each event it takes, to
 * the end of the run before the next, so the runs follow the log's order and a hook never runs twice at once. A hook
 * that hangs holds up only itself (till its timeout); the node and the other sinks go on. One that falls the log's
 * backlog behind is dropped by the log and subscribes again from its last event: what the log still holds is run
 * late but in order, what it no longer holds is counted as lost and logged.
 */
final class HookSink implements NotifySink, EventSubscriber {

    /** The EventAdmin topic of a test event, type {@code notify.test}. */
    static final String TEST_TOPIC = "org/vireo/notify/TEST";
    static final String TEST_TYPE = "notify.test";

    private static final Logger LOG = LoggerFactory.getLogger(HookSink.class);

    private final HookOptions options;
    private final EventLog log;
    private final Supplier<String> node;
    private final Consumer<Map<String, Object>> postTest;
    private final HookRunner runner;
    private final Map<String, CompletableFuture<String>> tests = new ConcurrentHashMap<>();
    private final CompletableFuture<Long> finished = new CompletableFuture<>();
    private volatile Subscription subscription;
    private volatile boolean stopped;
    private volatile long lastSeq;
    private volatile long sent;
    private volatile long failed;
    private volatile long lost;
    private volatile String lastOutcome = "";
    private volatile String lastError = "";
    private volatile Instant lastErrorAt;
    private volatile String problem = "";

    /**
     * @param node     this node's name, for the events' JSON and {@code VIREO_NODE}
     * @param postTest posts a test event's fields on {@value #TEST_TOPIC}
     */
    HookSink(HookOptions options, EventLog log, Supplier<String> node, Consumer<Map<String, Object>> postTest,
             HookRunner runner) {
        this.options = options;
        this.log = log;
        this.node = node;
        this.postTest = postTest;
        this.runner = runner;
    }

    /**
     * Takes the events after number {@code after} ({@link EventLog#LIVE}: from now on); nothing if it was stopped
     * before it started.
     */
    synchronized void start(long after) {
        if (stopped) {
            return;
        }
        lastSeq = after == EventLog.LIVE ? log.lastSequence() : after;
        subscription = log.subscribe(subscriberName(), after, Duration.ZERO, this);
    }

    /**
     * Stops taking events. Completes, with the number of the last event it dealt with, once the run under way (if
     * any) has ended (its timeout bounds it): a hook configured anew goes on from there, after it.
     */
    synchronized CompletableFuture<Long> stop() {
        stopped = true;
        Subscription s = subscription;
        if (s != null) {
            s.close();
        } else {
            finished.complete(lastSeq);
        }
        tests.values().forEach(f -> f.complete("the hook stopped before the test event came"));
        return finished;
    }

    private String subscriberName() {
        return "hook " + options.name();
    }

    @Override
    public void deliver(NodeEvent event) {
        if (event.seq() == 0) {
            if (event.type().equals(EventLog.MISSED)) {
                missed(event);
            }
            return;
        }
        String token = testToken(event);
        if (token == null && !options.events().takes(event.type())) {
            lastSeq = event.seq();
            return;
        }
        HookRunner.Outcome outcome = runner.run(HookInvocation.of(options, event, node.get()),
            options.timeoutMillis());
        lastSeq = event.seq();
        String described = outcome.describe();
        lastOutcome = described;
        if (outcome.ok()) {
            sent++;
            LOG.info("hook {}: {} #{}: {}", options.name(), event.type(), event.seq(), described);
        } else {
            failed++;
            lastError = described;
            lastErrorAt = Instant.now();
            LOG.warn("hook {}: {} #{}: {}", options.name(), event.type(), event.seq(), described);
        }
        if (token != null) {
            CompletableFuture<String> test = tests.remove(token);
            if (test != null) {
                test.complete(described);
            }
        }
    }

    /** The token of a test event meant for this hook; null for any other event. */
    private String testToken(NodeEvent event) {
        if (!event.type().equals(TEST_TYPE) || !kind().equals(event.fields().get("kind"))
            || !options.name().equals(event.fields().get("sink"))) {
            return null;
        }
        return String.valueOf(event.fields().get("token"));
    }

    private void missed(NodeEvent notice) {
        Object count = notice.fields().get("missed");
        long n = count instanceof Long l && l > 0 ? l : 0;
        lost += n;
        LOG.warn("hook {}: {} event(s) lost, never run: {}", options.name(), n == 0 ? "some" : n,
            notice.fields().get("reason"));
    }

    @Override
    public void ended(String reason, boolean dropped) {
        if (stopped) {
            finished.complete(lastSeq);
            return;
        }
        if (dropped) {
            LOG.warn("hook {}: {}; it goes on from event #{}", options.name(), reason, lastSeq);
            try {
                subscription = log.subscribe(subscriberName(), lastSeq, Duration.ZERO, this);
                return;
            } catch (IllegalStateException e) {
                reason = e.getMessage();
            }
        }
        problem = "stopped: " + reason;
        LOG.error("hook {} stopped: {}", options.name(), reason);
        finished.complete(lastSeq);
    }

    @Override
    public String kind() {
        return "hook";
    }

    @Override
    public String name() {
        return options.name();
    }

    @Override
    public SinkStatus status() {
        String target = String.join(" ", HookInvocation.commandLine(options));
        return new SinkStatus(target, options.events().toString(), sent, failed,
            Math.max(0, log.lastSequence() - lastSeq), lost, lastOutcome, lastError, lastErrorAt, problem);
    }

    @Override
    public CompletableFuture<String> test() {
        String token = UUID.randomUUID().toString();
        CompletableFuture<String> result = new CompletableFuture<>();
        tests.put(token, result);
        postTest.accept(Map.of("kind", kind(), "sink", options.name(), "token", token));
        return result;
    }
}
