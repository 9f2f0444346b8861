package org.vireo.events;

import java.time.Duration;
import java.util.List;

/**
 * The node's event log (PID {@value #PID}): the events of every bundle of this node, numbered 1, 2, 3 ... in the order
 * it took them, the last {@code history} of them held. Readers page through what is held ({@link #read}) or subscribe
 * from a sequence number on ({@link #subscribe}); a subscriber is fed from its own thread and queue, so a slow or hung
 * one never holds up the node, the log or the other subscribers: one that falls {@code backlog} events behind is
 * dropped (it is told, and the log says which and why).
 *
 * <p>Numbering starts at 1 when the log starts (with the node): it is not kept across restarts.
 */
public interface EventLog {

    String PID = "org.vireo.events";
    /** The EventAdmin topics the log takes: every Vireo bundle's ({@code org/vireo/<part>/<EVENT>}). */
    String TOPICS = "org/vireo/*";
    /** Where a subscription starts with the events to come only, none of the history. */
    long LIVE = -1;
    /**
     * The type of a notice (sequence number 0) that comes first to a reader who asked for events the log no longer
     * holds (older than the history) or never held (a number beyond its last: the log started again since). Fields:
     * {@code after} (the number asked for), {@code first} (the first number that follows; 0 if none is held yet),
     * {@code missed} (how many events are lost to the reader, -1 if unknown) and {@code reason}.
     */
    String MISSED = "events.missed";

    /** The number of the last event taken; 0 before the first. */
    long lastSequence();

    /**
     * At most {@code limit} held events after number {@code after} (0: from the oldest held), oldest first, with a
     * {@link #MISSED} notice first if events after {@code after} are no longer held.
     */
    List<NodeEvent> read(long after, int limit);

    /** The last {@code limit} events held, oldest first. */
    List<NodeEvent> latest(int limit);

    /**
     * Feeds {@code subscriber} from its own thread: first the held events after {@code after} (0: all held;
     * {@link #LIVE}: none), with a {@link #MISSED} notice first if some are no longer held, then each event as it is
     * taken, in order, without gaps or repeats.
     *
     * @param name what the log calls the subscriber when it says why it dropped it ({@code sse viewer@127.0.0.1:51234})
     * @param idle how long without an event before {@link EventSubscriber#idle()} is called; zero: never
     * @throws IllegalStateException when the log has as many subscribers as it allows ({@code maxSubscribers})
     */
    Subscription subscribe(String name, long after, Duration idle, EventSubscriber subscriber);
}
