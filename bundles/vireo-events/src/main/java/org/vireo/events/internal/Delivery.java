package org.vireo.events.internal;

import java.time.Duration;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.events.EventSubscriber;
import org.vireo.events.Subscription;

/**
 * One subscription's thread: takes from its mailbox and calls the subscriber, one call at a time, until the mailbox
 * ends (dropped by the log, closed) or a delivery fails. When the log ends the mailbox during a call, it interrupts
 * that call, so a subscriber stuck in a delivery hears of it at once; no interrupt reaches it outside a call.
 */
final class Delivery implements Runnable, Subscription {

    private static final Logger LOG = LoggerFactory.getLogger(Delivery.class);

    private final String name;
    private final EventSubscriber subscriber;
    private final long idleNanos;
    private final EventRing ring;
    private final Object calling = new Object();
    private Thread caller; // guarded by calling: the thread while it is in a call of the subscriber
    private volatile Mailbox mailbox;

    Delivery(String name, EventSubscriber subscriber, Duration idle, EventRing ring) {
        this.name = name;
        this.subscriber = subscriber;
        this.idleNanos = idle.toNanos();
        this.ring = ring;
    }

    /** Takes its place in the log from {@code after} on and starts its thread. */
    Delivery start(long after, Function<Runnable, Thread> threads) {
        mailbox = ring.subscribe(after, this::interruptCall);
        threads.apply(this).start();
        return this;
    }

    private void interruptCall() {
        synchronized (calling) {
            if (caller != null && caller != Thread.currentThread()) {
                caller.interrupt();
            }
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void close() {
        mailbox.end("closed by its reader", false);
        ring.remove(mailbox);
    }

    @Override
    public void run() {
        Mailbox.Ended end = deliverUntilEnd();
        if (end.dropped()) {
            LOG.warn("events: subscriber '{}' dropped: {}", name, end.reason());
        } else {
            LOG.info("events: subscriber '{}' ended: {}", name, end.reason());
        }
        try {
            subscriber.ended(end.reason(), end.dropped());
        } catch (RuntimeException e) {
            LOG.warn("events: subscriber '{}' failed at its end", name, e);
        }
    }

    private Mailbox.Ended deliverUntilEnd() {
        while (true) {
            Mailbox.Next next;
            try {
                next = mailbox.next(idleNanos);
            } catch (InterruptedException notFromTheLog) {
                continue; // the log never interrupts a wait: its end signals the mailbox
            }
            if (next instanceof Mailbox.Ended end) {
                return end;
            }
            try {
                call(next);
            } catch (Exception e) {
                if (!mailbox.over()) { // else the log ended it (the call was interrupted): the mailbox says why
                    mailbox.end("a delivery failed: " + e, false);
                    ring.remove(mailbox);
                }
            }
        }
    }

    private void call(Mailbox.Next next) throws Exception {
        synchronized (calling) {
            caller = Thread.currentThread();
        }
        try {
            if (next instanceof Mailbox.Event e) {
                subscriber.deliver(e.event());
            } else {
                subscriber.idle();
            }
        } finally {
            synchronized (calling) {
                caller = null;
            }
            Thread.interrupted(); // an interrupt meant for this call ends with it
        }
    }
}
