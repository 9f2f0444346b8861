package org.vireo.events.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import org.vireo.events.EventLog;
import org.vireo.events.NodeEvent;

/**
 * The log itself, without threads: numbers the events it is given in the order it takes them (one lock), holds the
 * last {@code history} of them, reads from a number on, and hands each new event to the subscribers' mailboxes, which
 * never make it wait. The clock is injected.
 */
final class EventRing {

    private final Supplier<Instant> clock;
    private final List<Mailbox> mailboxes = new ArrayList<>();
    private NodeEvent[] slots;
    private int held; // the events held are numbers last - held + 1 .. last
    private long last;
    private EventsOptions options;

    EventRing(Supplier<Instant> clock, EventsOptions options) {
        this.clock = clock;
        this.options = options;
        this.slots = new NodeEvent[options.history()];
    }

    /** Numbers the event, holds it (the oldest goes when the history is full), and offers it to every subscriber. */
    synchronized NodeEvent append(String type, Map<String, Object> fields) {
        NodeEvent event = new NodeEvent(last + 1, clock.get(), type, fields);
        last = event.seq();
        slots[slot(last)] = event;
        held = Math.min(held + 1, slots.length);
        for (Iterator<Mailbox> i = mailboxes.iterator(); i.hasNext(); ) {
            if (!i.next().offer(event)) {
                i.remove(); // dropped now, or ended by its reader
            }
        }
        return event;
    }

    synchronized long lastSequence() {
        return last;
    }

    /** See {@link EventLog#read}; {@code after} is 0 or more. */
    synchronized List<NodeEvent> read(long after, int limit) {
        List<NodeEvent> out = new ArrayList<>(Math.min(limit, held) + 1);
        missed(after).ifPresent(out::add);
        // beyond the last: the log started again since, and everything it holds is new to the reader
        long from = after > last ? oldest() : Math.max(after + 1, oldest());
        for (long seq = from; seq <= last && seq < from + limit; seq++) {
            out.add(slots[slot(seq)]);
        }
        return List.copyOf(out);
    }

    synchronized List<NodeEvent> latest(int limit) {
        List<NodeEvent> out = new ArrayList<>();
        for (long seq = Math.max(oldest(), last - limit + 1); seq <= last; seq++) {
            out.add(slots[slot(seq)]);
        }
        return List.copyOf(out);
    }

    /**
     * A mailbox that gets the held events after {@code after} ({@link EventLog#LIVE}: none), with the notice of what
     * it missed first, then every new event.
     *
     * @throws IllegalStateException when there are {@code maxSubscribers} already
     */
    synchronized Mailbox subscribe(long after, Runnable onEnd) {
        if (mailboxes.size() >= options.maxSubscribers()) {
            throw new IllegalStateException("the event log has " + mailboxes.size() + " subscribers, as many as it"
                + " allows (" + EventsOptions.MAX_SUBSCRIBERS + " in etc/" + EventLog.PID + ".cfg)");
        }
        List<NodeEvent> first = after == EventLog.LIVE ? List.of() : read(after, slots.length);
        Mailbox m = new Mailbox(options.backlog(), first, onEnd);
        mailboxes.add(m);
        return m;
    }

    synchronized void remove(Mailbox m) {
        mailboxes.remove(m);
    }

    synchronized int subscribers() {
        return mailboxes.size();
    }

    /** New options: a new history length keeps the newest events; the rest apply to new subscriptions. */
    synchronized void configure(EventsOptions next) {
        if (next.history() != slots.length) {
            NodeEvent[] was = slots;
            long from = last - Math.min(held, next.history()) + 1;
            slots = new NodeEvent[next.history()];
            for (long seq = from; seq <= last; seq++) {
                slots[slot(seq)] = was[(int) ((seq - 1) % was.length)];
            }
            held = (int) (last - from + 1);
        }
        options = next;
    }

    /** Ends every subscription (the log stops). */
    synchronized void endAll(String reason) {
        List.copyOf(mailboxes).forEach(m -> m.end(reason, false));
        mailboxes.clear();
    }

    private long oldest() {
        return last - held + 1;
    }

    private int slot(long seq) {
        return (int) ((seq - 1) % slots.length);
    }

    /** The notice for a reader who asked for events after {@code after} that are not all held. */
    private Optional<NodeEvent> missed(long after) {
        if (after == EventLog.LIVE || after + 1 >= oldest() && after <= last) {
            return Optional.empty();
        }
        boolean restarted = after > last;
        long missed = restarted ? -1 : oldest() - 1 - after;
        String reason = restarted
            ? "the log holds no event " + after + ": it started again since (numbering starts at 1 with the node)"
            : missed + " events after " + after + " are older than the history of " + slots.length + " events";
        return Optional.of(new NodeEvent(0, clock.get(), EventLog.MISSED, Map.of("after", after,
            "first", held == 0 ? last + 1 : oldest(), "missed", missed, "reason", reason)));
    }
}
