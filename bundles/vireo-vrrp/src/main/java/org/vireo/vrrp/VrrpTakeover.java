package org.vireo.vrrp;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How long this node's last takeover left the VIP group without a master's advert, as this node saw it: from the last
 * advert it received from the master before it took over to its own first advert as master (sent once its VIPs were
 * claimed). What {@code vrrp.takeover} posts, kept for {@link VrrpInstance#lastTakeover()}.
 *
 * @param previousMaster  the master it last heard; empty when it heard none since the instance started
 * @param lastAdvertHeard when that advert arrived at the interface (the kernel's time); empty likewise
 * @param firstAdvertSent when this node sent its first advert as master
 * @param gap             from the one to the other; empty when no advert was heard
 * @param vipsClaimed     when the state listeners had claimed its VIPs (the VIP manager's: on the interface, and the
 *                        first gratuitous ARPs or unsolicited NAs sent), just before that first advert; empty from a
 *                        recorder older than 0.11.0
 */
public record VrrpTakeover(Optional<InetAddress> previousMaster, Optional<Instant> lastAdvertHeard,
                           Instant firstAdvertSent, Optional<Duration> gap, Optional<Instant> vipsClaimed) {

    public VrrpTakeover {
        Objects.requireNonNull(previousMaster, "previousMaster");
        Objects.requireNonNull(lastAdvertHeard, "lastAdvertHeard");
        Objects.requireNonNull(firstAdvertSent, "firstAdvertSent");
        Objects.requireNonNull(gap, "gap");
        Objects.requireNonNull(vipsClaimed, "vipsClaimed");
    }

    /** A takeover without the claim's time (the form before 0.11.0). */
    public VrrpTakeover(Optional<InetAddress> previousMaster, Optional<Instant> lastAdvertHeard,
                        Instant firstAdvertSent, Optional<Duration> gap) {
        this(previousMaster, lastAdvertHeard, firstAdvertSent, gap, Optional.empty());
    }
}
