package org.vireo.snmp.internal;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.vireo.notify.snmp.Vrrpv3Mib;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpTransition;

/**
 * What the VRRPv3-MIB asks of an instance's past that its service tells only at the moment (it keeps its last
 * transition and its counters): why it last became master, its last protocol error, since when it is out of
 * Initialize. Kept from one look at the instances to the next, so it is what the agent saw: a transition to master
 * undone between two looks, or before the agent started, is not seen (the reason is then notMaster(0) until the next).
 */
final class MibMemory {

    /** RFC 6527's protocol errors in vrrpv3StatisticsProtoErrReason's order. */
    private static final List<DropReason> PROTOCOL_ERRORS = List.of(DropReason.TTL_NOT_255, DropReason.WRONG_VERSION,
        DropReason.CHECKSUM, DropReason.VRID_NOT_CONFIGURED);

    /** One instance's, by its name. */
    record Seen(int newMasterReason, int protoErrReason, Map<DropReason, Long> errorCounts, Instant upSince) {
    }

    private final Map<String, Seen> seen = new HashMap<>();

    /** Looks at the instance now; returns what is remembered of it after this look. */
    synchronized Seen observe(VrrpInstance instance) {
        Seen before = seen.getOrDefault(instance.name(), new Seen(Vrrpv3Mib.NOT_MASTER, 0, Map.of(), null));
        Seen after = new Seen(newMasterReason(instance, before), protoErrReason(instance.counters(), before),
            errorCounts(instance.counters()), upSince(instance, before));
        seen.put(instance.name(), after);
        return after;
    }

    /** Forgets the instances not named (gone since). */
    synchronized void keepOnly(java.util.Set<String> names) {
        seen.keySet().retainAll(names);
    }

    private static int newMasterReason(VrrpInstance instance, Seen before) {
        return instance.lastTransition().filter(t -> t.to() == VrrpState.MASTER)
            .map(t -> Vrrpv3Mib.newMasterReason(t.cause())).orElse(before.newMasterReason());
    }

    /** The last of the protocol errors whose count grew since the last look, else the one remembered. */
    private static int protoErrReason(VrrpCounters counters, Seen before) {
        int reason = before.protoErrReason();
        for (DropReason error : PROTOCOL_ERRORS) {
            if (counters.drops().getOrDefault(error, 0L) > before.errorCounts().getOrDefault(error, 0L)) {
                reason = Vrrpv3Mib.protoErrReason(error.name());
            }
        }
        return reason;
    }

    private static Map<DropReason, Long> errorCounts(VrrpCounters counters) {
        Map<DropReason, Long> counts = new HashMap<>();
        PROTOCOL_ERRORS.forEach(e -> counts.put(e, counters.drops().getOrDefault(e, 0L)));
        return counts;
    }

    /** Since when it is out of Initialize (and Fault); null while in. */
    private static Instant upSince(VrrpInstance instance, Seen before) {
        if (!running(instance.state())) {
            return null;
        }
        if (before.upSince() != null) {
            return before.upSince();
        }
        // left Initialize at its last transition, or earlier (then its current state's start is the best known)
        return instance.lastTransition().filter(t -> !running(t.from())).map(VrrpTransition::at)
            .orElse(instance.stateSince());
    }

    private static boolean running(VrrpState state) {
        return state == VrrpState.BACKUP || state == VrrpState.MASTER;
    }
}
