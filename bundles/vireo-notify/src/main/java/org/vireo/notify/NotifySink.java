package org.vireo.notify;

import java.util.concurrent.CompletableFuture;

/** One notification sink of this node (a hook), as the shell and the API see it. */
public interface NotifySink {

    /** What the sink is: {@code hook}. */
    String kind();

    /** Its configured name, unique among the sinks of its kind. */
    String name();

    SinkStatus status();

    /**
     * Sends a test event ({@code notify.test}, naming this sink) through the node's event log, which only this sink
     * acts on whatever its filter; completes with what came of it (its outcome as {@link SinkStatus#lastOutcome}
     * words it), in the log's order after the events before it.
     */
    CompletableFuture<String> test();
}
