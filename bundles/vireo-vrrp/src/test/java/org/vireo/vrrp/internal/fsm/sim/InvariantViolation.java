package org.vireo.vrrp.internal.fsm.sim;

/** Stops a run: an invariant did not hold. The message starts with the invariant's tag (INV1..INV5). */
final class InvariantViolation extends RuntimeException {
    InvariantViolation(String tag, long atMicros, String detail) {
        super(tag + " at " + Trace.time(atMicros) + ": " + detail, null, false, false);
    }
}
