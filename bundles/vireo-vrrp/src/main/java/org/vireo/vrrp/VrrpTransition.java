package org.vireo.vrrp;

import java.net.InetAddress;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A change of an instance's state, what made it and when: what {@code vrrp.transition} posts, kept for the operator
 * who asks later ({@link VrrpInstance#lastTransition()}).
 *
 * @param at    when the instance entered {@code to}
 * @param cause what made it, in the words of the event log ({@code advert from 192.0.2.2 at priority 200}, {@code no
 *              advert from the master 192.0.2.2 for Master_Down_Interval}, {@code priority 0 (resigned for 600 s)})
 * @param peer  the other router it concerns: the advert's sender, or the master last heard; empty if none
 */
public record VrrpTransition(VrrpState from, VrrpState to, Instant at, String cause, Optional<InetAddress> peer) {

    public VrrpTransition {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(peer, "peer");
    }
}
