package org.vireo.events;

/** A subscriber's place in the {@link EventLog}; closing it ends the deliveries (the subscriber is told). */
public interface Subscription extends AutoCloseable {

    String name();

    /** Ends the subscription; its thread ends after the delivery in progress, if any. Idempotent. */
    @Override
    void close();
}
