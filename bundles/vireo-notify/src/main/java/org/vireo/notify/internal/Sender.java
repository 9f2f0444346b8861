package org.vireo.notify.internal;

import java.util.function.BooleanSupplier;

import org.vireo.events.NodeEvent;

/**
 * How a sink sends one event out of the node (a hook runs, a webhook posts), on the sink's thread, one event at a
 * time. It may take its time (retries, a timeout): the events after it wait in the log.
 */
public interface Sender {

    /** What came of one event. */
    record Outcome(boolean ok, String described) {
    }

    /**
     * Sends {@code event} of node {@code node}. An interrupt does not cut it short; {@code stopping} turning true
     * (the sink is stopped) may, and then the outcome says so.
     */
    Outcome send(NodeEvent event, String node, BooleanSupplier stopping);

    /**
     * Whether it has something to send for {@code event}, of a type the sink takes: an event it passes over (an SNMP
     * sink's transition to BACKUP, which no VRRPv3-MIB notification tells) is neither sent nor failed, as an event of
     * another type. A test event is always sent.
     */
    default boolean takes(NodeEvent event) {
        return true;
    }

    /** Where it sends, for notify:list (a hook: its command line; a webhook: its URL). */
    String target();

    /** The sink stopped: what the sender holds open (a connection) is closed. */
    default void close() {
    }
}
