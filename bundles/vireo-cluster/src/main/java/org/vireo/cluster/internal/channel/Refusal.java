package org.vireo.cluster.internal.channel;

import java.time.Instant;

/**
 * A TLS peer this node refused, or a sign that it was refused (alone in its view while its members were refused).
 *
 * @param peer   the peer's address and certificate subject when known
 * @param reason why, for the operator
 */
public record Refusal(Instant at, String peer, String reason) {
}
