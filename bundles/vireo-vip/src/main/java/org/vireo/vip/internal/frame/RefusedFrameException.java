package org.vireo.vip.internal.frame;

import java.util.Objects;

import org.vireo.vrrp.DropReason;

/**
 * A received frame that {@link VrrpFrames#parse} does not hand on as VRRP, with the reason it is counted under.
 * The one refusal of that parser: whatever the wire delivers ends as a {@link ReceivedVrrp} or as this. Without a
 * stack trace: it is an answer about input, made on the receive thread, not a fault of the program.
 */
public final class RefusedFrameException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient DropReason reason;

    RefusedFrameException(DropReason reason) {
        super(reason.description(), null, false, false);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public DropReason reason() {
        return reason;
    }
}
