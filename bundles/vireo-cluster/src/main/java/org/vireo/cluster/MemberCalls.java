package org.vireo.cluster;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * A request to one member over the cluster's channel (TLS between members who hold the cluster's certificates),
 * answered by the handler that member registered for the request's topic: how a node asks another to do something
 * on its behalf (a failover drill asks a third member to probe the VIP, so that the probe's traffic crosses the wire).
 * Requests and answers are opaque bytes; a topic's owner defines their form.
 */
public interface MemberCalls {

    /** The longest a request waits for its answer. */
    Duration MAX_TIMEOUT = Duration.ofMinutes(5);

    /**
     * Sends {@code request} to {@code member}'s handler of {@code topic}. The future completes with the answer, or
     * exceptionally: the member is not in this node's view, it has no handler of the topic (its role lacks the feature),
     * the handler failed (its message), or no answer came within {@code timeout} (at most {@link #MAX_TIMEOUT}).
     */
    CompletableFuture<byte[]> call(String member, String topic, byte[] request, Duration timeout);

    /**
     * Answers this node's requests of {@code topic} with {@code handler} until the handle is closed; one handler per
     * topic. The handler is called on the channel's thread: it must return at once, doing its work elsewhere.
     *
     * @throws IllegalStateException when the topic has a handler already
     */
    AutoCloseable answer(String topic, Function<byte[], CompletionStage<byte[]>> handler);
}
