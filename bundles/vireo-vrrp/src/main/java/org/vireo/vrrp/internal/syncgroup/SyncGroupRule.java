package org.vireo.vrrp.internal.syncgroup;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import org.vireo.vrrp.VrrpState;

/**
 * When the members of a sync group may be master: together or not at all (keepalived's vrrp_sync_group, without
 * its priorities left alone). Pure: a member's state in, the cap on each member's priority out.
 *
 * <ul>
 *   <li>A member that cannot be master now holds every other at priority 0: absent or in FAULT, starting, or a
 *       Backup that follows a live master it would not preempt (that master's priority is at least its own). A
 *       master held at 0 hands over with a priority-0 advert, so its peer takes over at once, and stays Backup.</li>
 *   <li>Health tracking, an override or a resignation that lowers one member lowers every other in proportion
 *       (priority × the lowest own/base ratio of the group): a monitor that moves one VIP moves them all, and the
 *       peers' group, with the same priorities, follows.</li>
 * </ul>
 *
 * A member's own priority (before the group's cap) decides whether it would preempt, so two members holding each
 * other down stay held only while their masters are live.
 */
public final class SyncGroupRule {

    /**
     * A member as the group sees it.
     *
     * @param present        the instance runs on this node
     * @param state          its state (FAULT while its interface cannot be used)
     * @param basePriority   its configured priority
     * @param ownPriority    its effective priority before the group's cap (tracking, override, resignation)
     * @param followedMaster the priority of the live master it follows as Backup, if any
     */
    public record Member(String name, boolean present, VrrpState state, int basePriority, int ownPriority,
                         OptionalInt followedMaster) {

        public static Member absent(String name) {
            return new Member(name, false, VrrpState.INITIALIZE, 0, 0, OptionalInt.empty());
        }

        /** Why it cannot be master now, or empty if it can (or is). */
        Optional<String> cannotBeMaster() {
            if (!present) {
                return Optional.of(name + " does not run on this node");
            }
            if (state == VrrpState.FAULT) {
                return Optional.of(name + " is in FAULT");
            }
            if (state == VrrpState.INITIALIZE) {
                return Optional.of(name + " is starting");
            }
            if (state == VrrpState.BACKUP && followedMaster.isPresent() && followedMaster.getAsInt() >= ownPriority) {
                return Optional.of(name + " follows a live master at priority " + followedMaster.getAsInt());
            }
            return Optional.empty();
        }

        /** Its own priority as a share of its base, for the proportional cap. */
        double share() {
            return basePriority == 0 ? 0 : (double) ownPriority / basePriority;
        }
    }

    /** The cap its group puts on a member's priority, and why, as vrrp:show lists it. */
    public record Cap(String group, int priority, String reason) {
    }

    private SyncGroupRule() {
    }

    /** Each present member's cap (absent: no cap); {@code members} in the group's configured order. */
    public static Map<String, Optional<Cap>> caps(String group, List<Member> members) {
        Map<String, Optional<Cap>> caps = new HashMap<>();
        for (Member m : members) {
            if (m.present()) {
                caps.put(m.name(), capOf(group, m, members));
            }
        }
        return caps;
    }

    private static Optional<Cap> capOf(String group, Member member, List<Member> members) {
        for (Member other : members) {
            if (other != member) {
                Optional<String> why = other.cannotBeMaster();
                if (why.isPresent()) {
                    return Optional.of(new Cap(group, 0, why.get()));
                }
            }
        }
        Member lowest = members.stream().min((a, b) -> Double.compare(a.share(), b.share())).orElse(member);
        if (lowest == member || lowest.share() >= member.share()) {
            return Optional.empty();
        }
        int capped = (int) Math.floor(member.basePriority() * lowest.share());
        return capped >= member.ownPriority() ? Optional.empty() : Optional.of(new Cap(group, capped,
            lowest.name() + " is at priority " + lowest.ownPriority() + " of " + lowest.basePriority()));
    }
}
