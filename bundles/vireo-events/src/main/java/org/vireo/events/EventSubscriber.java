package org.vireo.events;

/**
 * A reader of the {@link EventLog}, called on its subscription's own thread, one call at a time. It may take its time
 * (only it waits), but while it does the events for it queue up, and one that falls the log's {@code backlog} behind
 * is dropped.
 */
public interface EventSubscriber {

    /**
     * The next event, in sequence order. An exception ends the subscription (then {@link #ended} is called); an
     * interruption means the log dropped or closed it.
     */
    void deliver(NodeEvent event) throws Exception;

    /** Nothing came for the subscription's idle time: a moment to show the reader is still there (an SSE comment). */
    default void idle() throws Exception {
    }

    /**
     * The last call: the subscription ended, for the reason given (it was too slow and dropped, it was closed, the log
     * stopped, or a delivery failed).
     *
     * @param dropped whether the log dropped it for falling behind (its reader may resume from its last event)
     */
    void ended(String reason, boolean dropped);
}
