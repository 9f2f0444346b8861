package org.vireo.vrrp.internal.packet;

import java.util.Objects;
import org.vireo.vrrp.DropReason;

/** The outcome of receiving one VRRP packet: accepted with its advertisement, or dropped with a reason. */
public sealed interface ReceiveResult permits ReceiveResult.Accepted, ReceiveResult.Dropped {

    /**
     * The packet passed every check and goes on to the state machine.
     *
     * @param advert             the decoded advertisement
     * @param addressListDiffers the address list is not the configured one (order aside); RFC 5798
     *                           section 7.1 says to log this misconfiguration and keep processing
     *                           (for VRRPv2 only an owner's, priority 255, packet gets this far)
     */
    record Accepted(VrrpAdvert advert, boolean addressListDiffers) implements ReceiveResult {
        public Accepted {
            Objects.requireNonNull(advert, "advert");
        }
    }

    /** The packet was discarded, as RFC 5798 / RFC 3768 section 7.1 require. */
    record Dropped(DropReason reason) implements ReceiveResult {
        public Dropped {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
