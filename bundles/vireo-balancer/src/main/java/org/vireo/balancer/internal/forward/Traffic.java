package org.vireo.balancer.internal.forward;

import java.util.concurrent.atomic.LongAdder;

/** Bytes forwarded to and from one scanner, counted as they pass (event loops add, metrics read). */
public final class Traffic {

    private final LongAdder fromClients = new LongAdder();
    private final LongAdder toClients = new LongAdder();

    void add(boolean fromClient, int bytes) {
        (fromClient ? fromClients : toClients).add(bytes);
    }

    /** Bytes clients sent to the scanner. */
    public long fromClients() {
        return fromClients.sum();
    }

    /** Bytes the scanner sent to clients. */
    public long toClients() {
        return toClients.sum();
    }
}
