package org.vireo.vrrp.internal.syncgroup;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

import org.osgi.service.component.annotations.Component;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's sync groups and their running members. Whenever a member's state, own priority or followed master
 * changes it says so ({@link #changed}); the groups are then evaluated ({@link SyncGroupRule}) on the instances'
 * own thread — the one every instance of the node runs on, so the states read are consistent — and each member
 * gets its cap. Evaluations are coalesced: one pending at a time.
 */
@Component(service = SyncGroups.class)
public class SyncGroups {

    private static final Logger LOG = LoggerFactory.getLogger(SyncGroups.class);

    /** A running instance as its group sees it and steers it. Called on the instances' thread. */
    public interface Member {
        String name();

        /** Its state now, for the rule. */
        SyncGroupRule.Member state();

        /** Its cap (empty: none), applied as a priority change with the cap's reason. */
        void cap(Optional<SyncGroupRule.Cap> cap);
    }

    private final Map<String, SyncGroupOptions> groups = new LinkedHashMap<>(); // by PID
    private final Map<String, Member> members = new HashMap<>(); // by instance name
    private final AtomicBoolean pending = new AtomicBoolean();
    private Executor scheduler;

    /** Defines or redefines the group of a PID; refused if its name or one of its instances is another group's. */
    synchronized void define(String pid, SyncGroupOptions group) {
        for (Map.Entry<String, SyncGroupOptions> other : groups.entrySet()) {
            if (other.getKey().equals(pid)) {
                continue;
            }
            String refused = "configuration " + SyncGroupOptions.FACTORY_PID + " '" + group.name() + "' refused: ";
            if (other.getValue().name().equals(group.name())) {
                throw new IllegalArgumentException(refused + "name '" + group.name() + "' is taken by another group"
                    + " (" + other.getKey() + "): expected a name unique on this node");
            }
            for (String instance : group.instances()) {
                if (other.getValue().instances().contains(instance)) {
                    throw new IllegalArgumentException(refused + "instance " + instance + " is in sync group "
                        + other.getValue().name() + " already: an instance is in one group at most");
                }
            }
        }
        groups.put(pid, group);
        changed();
    }

    synchronized boolean has(String pid) {
        return groups.containsKey(pid);
    }

    synchronized void undefine(String pid) {
        if (groups.remove(pid) != null) {
            changed();
        }
    }

    /** The group an instance is in, if any. */
    public synchronized Optional<SyncGroupOptions> groupOf(String instance) {
        return groups.values().stream().filter(g -> g.instances().contains(instance)).findFirst();
    }

    /**
     * A running instance joins whatever group names it; {@code scheduler} is the thread its instances run on.
     *
     * @return closes the membership (the instance stops): the group's others are held while it is gone
     */
    public synchronized AutoCloseable join(Member member, Executor scheduler) {
        members.put(member.name(), member);
        this.scheduler = scheduler;
        changed();
        return () -> leave(member);
    }

    private synchronized void leave(Member member) {
        if (members.remove(member.name(), member)) {
            changed();
        }
    }

    /** A member's inputs changed, or the groups did: evaluate them (soon, on the instances' thread). */
    public void changed() {
        Executor s;
        synchronized (this) {
            s = scheduler;
        }
        if (s != null && pending.compareAndSet(false, true)) {
            s.execute(this::evaluate);
        }
    }

    private void evaluate() {
        pending.set(false);
        List<SyncGroupOptions> groupsNow;
        Map<String, Member> membersNow;
        synchronized (this) {
            groupsNow = new ArrayList<>(groups.values());
            membersNow = new HashMap<>(members);
        }
        Map<String, Optional<SyncGroupRule.Cap>> caps = new HashMap<>();
        for (SyncGroupOptions group : groupsNow) {
            List<SyncGroupRule.Member> states = new ArrayList<>();
            for (String name : group.instances()) {
                Member m = membersNow.get(name);
                states.add(m == null ? SyncGroupRule.Member.absent(name) : m.state());
            }
            caps.putAll(SyncGroupRule.caps(group.name(), states));
        }
        membersNow.forEach((name, member) -> {
            try {
                member.cap(caps.getOrDefault(name, Optional.empty()));
            } catch (RuntimeException e) {
                LOG.error("VRRP instance {}: applying its sync group's cap failed", name, e);
            }
        });
    }
}
