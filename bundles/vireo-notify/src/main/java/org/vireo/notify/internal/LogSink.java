package org.vireo.notify.internal;

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
 * One sink, running: a subscription to the node's event log whose thread sends each event it takes (a hook's run, a
 * webhook's POST) to its end before the next, so the sendings follow the log's order and never overlap. A sink that
 * hangs holds up only itself (till its sender's timeout); the node and the other sinks go on. One that falls the
 * log's backlog behind (the bounded queue of each sink) is dropped by the log and subscribes again from its last
 * event: what the log still holds is sent late but in order, what it no longer holds is counted as lost and logged.
 */
public final class LogSink implements NotifySink, EventSubscriber {

    /** The EventAdmin topic of a test event, type {@code notify.test}. */
    public static final String TEST_TOPIC = "org/vireo/notify/TEST";
    static final String TEST_TYPE = "notify.test";

    private static final Logger LOG = LoggerFactory.getLogger(LogSink.class);

    private final String kind;
    private final String name;
    private final EventFilter events;
    private final Sender sender;
    private final EventLog log;
    private final Supplier<String> node;
    private final Consumer<Map<String, Object>> postTest;
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
     * @param kind     {@code hook}, {@code webhook}
     * @param events   the event types it sends (a test event for it whatever they are)
     * @param node     this node's name, which the events carry
     * @param postTest posts a test event's fields on {@value #TEST_TOPIC}
     */
    public LogSink(String kind, String name, EventFilter events, Sender sender, EventLog log, Supplier<String> node,
                   Consumer<Map<String, Object>> postTest) {
        this.kind = kind;
        this.name = name;
        this.events = events;
        this.sender = sender;
        this.log = log;
        this.node = node;
        this.postTest = postTest;
    }

    /**
     * Takes the events after number {@code after} ({@link EventLog#LIVE}: from now on); nothing if it was stopped
     * before it started.
     */
    public synchronized void start(long after) {
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
    public synchronized CompletableFuture<Long> stop() {
        stopped = true;
        Subscription s = subscription;
        if (s != null) {
            s.close();
        } else {
            finished.complete(lastSeq);
        }
        tests.values().forEach(f -> f.complete("the " + kind + " stopped before the test event came"));
        return finished;
    }

    /** Whether it was told to stop (a sender may give up waiting then). */
    public boolean stopping() {
        return stopped;
    }

    private String subscriberName() {
        return kind + " " + name;
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
        if (token == null && (!events.takes(event.type()) || !sender.takes(event))) {
            lastSeq = event.seq();
            return;
        }
        Sender.Outcome outcome;
        try {
            outcome = sender.send(event, node.get(), this::stopping);
        } catch (RuntimeException e) {
            // a sender's defect fails this event, not the sink: thrown on, it would end the subscription for good
            outcome = new Sender.Outcome(false, "failed: " + e);
        }
        lastSeq = event.seq();
        String described = outcome.described();
        lastOutcome = described;
        if (outcome.ok()) {
            sent++;
            LOG.info("{} {}: {} #{}: {}", kind, name, event.type(), event.seq(), described);
        } else {
            failed++;
            lastError = described;
            lastErrorAt = Instant.now();
            LOG.warn("{} {}: {} #{}: {}", kind, name, event.type(), event.seq(), described);
        }
        if (token != null) {
            CompletableFuture<String> test = tests.remove(token);
            if (test != null) {
                test.complete(described);
            }
        }
    }

    /** The token of a test event meant for this sink; null for any other event. */
    private String testToken(NodeEvent event) {
        if (!event.type().equals(TEST_TYPE) || !kind.equals(event.fields().get("kind"))
            || !name.equals(event.fields().get("sink"))) {
            return null;
        }
        return String.valueOf(event.fields().get("token"));
    }

    private void missed(NodeEvent notice) {
        Object count = notice.fields().get("missed");
        long n = count instanceof Long l && l > 0 ? l : 0;
        lost += n;
        LOG.warn("{} {}: {} event(s) lost, never sent: {}", kind, name, n == 0 ? "some" : n,
            notice.fields().get("reason"));
    }

    @Override
    public void ended(String reason, boolean dropped) {
        if (stopped) {
            sender.close();
            finished.complete(lastSeq);
            return;
        }
        if (dropped) {
            LOG.warn("{} {}: {}; it goes on from event #{}", kind, name, reason, lastSeq);
            try {
                subscription = log.subscribe(subscriberName(), lastSeq, Duration.ZERO, this);
                return;
            } catch (IllegalStateException e) {
                reason = e.getMessage();
            }
        }
        problem = "stopped: " + reason;
        LOG.error("{} {} stopped: {}", kind, name, reason);
        sender.close();
        finished.complete(lastSeq);
    }

    @Override
    public String kind() {
        return kind;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SinkStatus status() {
        return new SinkStatus(sender.target(), events.toString(), sent, failed,
            Math.max(0, log.lastSequence() - lastSeq), lost, lastOutcome, lastError, lastErrorAt, problem);
    }

    @Override
    public CompletableFuture<String> test() {
        String token = UUID.randomUUID().toString();
        CompletableFuture<String> result = new CompletableFuture<>();
        tests.put(token, result);
        postTest.accept(Map.of("kind", kind, "sink", name, "token", token));
        return result;
    }
}
