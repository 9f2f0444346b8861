package org.vireo.vrrp.internal.fsm.sim;

import java.util.ArrayList;
import java.util.List;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.FsmEvent;
import org.vireo.vrrp.internal.fsm.FsmEvent.AdvertReceived;
import org.vireo.vrrp.internal.fsm.ProtocolVersion;
import org.vireo.vrrp.internal.fsm.Timer;

/**
 * The three invariants, checked after every simulated event.
 *
 * <p>INV1 (convergence): once the LAN has been fault- and loss-free for the scenario's stable window, every
 * partition group with an eligible running node has exactly one Master, it is eligible, and if every node
 * preempts it has the group's highest effective priority. On a tie at the top any of the tied nodes may be
 * Master: RFC 5798 6.4.2 has a Backup accept adverts of priority "greater than or equal" to its own, so the
 * address tie-break only settles two simultaneous Masters and never unseats an established one.
 *
 * <p>INV2 (addresses): a node holds the VIP exactly when it is Master.
 *
 * <p>INV3 (patience): a Backup takes over no sooner than Master_Down_Interval after the last advert it
 * accepted (or after it started), or Skew_Time after a priority-0 advert, measured on the node's own record
 * and with the checker's own arithmetic; never at priority 0. To keep that record honest, each advert a
 * Backup receives is checked against the RFC's acceptance rule where the rule leaves no choice.
 *
 * <p>INV4 (no long gap; only where the scenario gives a bound): while a running node is eligible (priority
 * &gt; 0), some node is Master no later than the bound after the later of "the last Master left" and "this node
 * became eligible".
 *
 * <p>INV5 (claim first; checked by the simulation as it carries out a SendAdvert): a node advertises at a priority
 * above 0 only while its VIP is claimed and announced, so a Backup that gives the VIP up for its advert leaves the
 * clients a place to go.
 */
final class InvariantChecker {
    private final Scenario scenario;
    private final List<SimNode> nodes;
    private final Lan lan;
    private long takeoversChecked;
    private long convergenceChecks;
    // INV4: since when there has been no Master (-1: there is one), and since when each node is eligible (-1: not)
    private long noMasterSinceMicros = -1;
    private final long[] eligibleSinceMicros;

    InvariantChecker(Scenario scenario, List<SimNode> nodes, Lan lan) {
        this.scenario = scenario;
        this.nodes = nodes;
        this.lan = lan;
        this.eligibleSinceMicros = new long[nodes.size()];
        java.util.Arrays.fill(eligibleSinceMicros, -1);
    }

    long takeoversChecked() {
        return takeoversChecked;
    }

    long convergenceChecks() {
        return convergenceChecks;
    }

    void afterNodeEvent(SimNode node, FsmEvent event, VrrpState before, List<FsmAction> actions, long now) {
        VrrpState after = node.state();
        if (before == VrrpState.BACKUP && after == VrrpState.MASTER) {
            checkTakeover(node, now);
        }
        boolean rearmedMasterDown = after == VrrpState.BACKUP && actions.stream().anyMatch(
                a -> a instanceof FsmAction.StartTimer start && start.timer() == Timer.MASTER_DOWN);
        if (event instanceof AdvertReceived advert && before == VrrpState.BACKUP && advert.priority() > 0) {
            checkAcceptanceRule(node, advert, rearmedMasterDown, now);
        }
        // A Master_Down_Timer re-armed by its own expiry (priority 0) is not news from a Master.
        if (rearmedMasterDown && !(event instanceof FsmEvent.TimerFired)) {
            recordHeardMaster(node, event, now);
        }
    }

    private void checkTakeover(SimNode node, long now) {
        takeoversChecked++;
        if (node.priority == 0) {
            throw new InvariantViolation("INV3", now, node + " took over at priority 0");
        }
        long waited = now - node.heardMasterAtMicros;
        if (waited < node.mustWaitMicros) {
            throw new InvariantViolation("INV3", now, node + " took over " + waited + " us after " + node.heardWhat
                    + " at " + Trace.time(node.heardMasterAtMicros) + "; it must wait " + node.mustWaitMicros + " us");
        }
    }

    private void checkAcceptanceRule(SimNode node, AdvertReceived advert, boolean accepted, long now) {
        FsmConfig config = node.config;
        boolean owner = node.priority == FsmConfig.OWNER_PRIORITY;
        boolean mustAccept = advert.priority() >= node.priority || !config.preempt() && !owner;
        boolean mayAccept = mustAccept || config.preemptDelayMicros() > 0 && !owner; // only during a delay
        if (mustAccept && !accepted) {
            throw new InvariantViolation("INV3", now, node + " discarded " + advert + " that it must accept");
        }
        if (!mayAccept && accepted) {
            throw new InvariantViolation("INV3", now, node + " accepted " + advert + " although it preempts");
        }
    }

    private void recordHeardMaster(SimNode node, FsmEvent event, long now) {
        ProtocolVersion version = node.config.version();
        if (event instanceof AdvertReceived advert && advert.priority() == 0) {
            node.mustWaitMicros = ExpectedTimes.skewMicros(version, node.priority, node.learnedIntervalCentis);
        } else {
            boolean learns = event instanceof AdvertReceived && version == ProtocolVersion.V3;
            node.learnedIntervalCentis = learns
                    ? ((AdvertReceived) event).maxAdverIntervalCentis()
                    : node.config.advertIntervalCentis();
            node.mustWaitMicros = ExpectedTimes.masterDownMicros(version, node.priority, node.learnedIntervalCentis);
        }
        node.heardMasterAtMicros = now;
        node.heardWhat = event.toString();
    }

    /** INV2. */
    void checkVips(long now) {
        for (SimNode node : nodes) {
            boolean master = node.state() == VrrpState.MASTER;
            if (node.holdsVip != master) {
                String problem = master ? " is Master without the VIP" : " holds the VIP";
                throw new InvariantViolation("INV2", now, node + problem);
            }
        }
    }

    /**
     * INV4, after every event: judged on the state before the event (a takeover closes the gap it ends), then
     * the record is brought up to date.
     */
    void checkMasterGap(long now) {
        long bound = scenario.masterGapBoundMicros();
        if (bound <= 0) {
            return;
        }
        if (noMasterSinceMicros >= 0) {
            for (SimNode node : nodes) {
                long since = eligibleSinceMicros[node.id];
                if (since >= 0 && now - Math.max(since, noMasterSinceMicros) > bound) {
                    throw new InvariantViolation("INV4", now, "no Master since " + Trace.time(noMasterSinceMicros)
                            + " although " + node + " is eligible since " + Trace.time(since) + "; the bound is "
                            + Trace.time(bound));
                }
            }
        }
        boolean master = nodes.stream().anyMatch(n -> n.running() && n.state() == VrrpState.MASTER);
        noMasterSinceMicros = master ? -1 : noMasterSinceMicros >= 0 ? noMasterSinceMicros : now;
        for (SimNode node : nodes) {
            long since = eligibleSinceMicros[node.id];
            eligibleSinceMicros[node.id] = node.eligible() ? (since >= 0 ? since : now) : -1;
        }
    }

    /** INV1, if the network has been stable long enough. */
    void checkConvergence(long now, long lastFaultMicros) {
        if (lan.lossProbability() == 0 && now - lastFaultMicros >= scenario.stableWindowMicros()) {
            checkConverged(now);
        }
    }

    /** INV1 at the end of the run, whose tail is fault-free by construction. */
    void checkFinal(long now, long lastFaultMicros) {
        if (lan.lossProbability() != 0 || now - lastFaultMicros < scenario.stableWindowMicros()) {
            throw new IllegalStateException("scenario bug: the run ends before its stable window has passed");
        }
        checkConverged(now);
    }

    private void checkConverged(long now) {
        convergenceChecks++;
        for (SimNode node : nodes) {
            if (!node.running() && node.state() != VrrpState.INITIALIZE) {
                throw new InvariantViolation("INV1", now, node + " is not running but not in INITIALIZE");
            }
        }
        int[] groups = nodes.stream().mapToInt(n -> lan.groupOf(n.id)).distinct().toArray();
        for (int group : groups) {
            checkGroup(group, now);
        }
    }

    private void checkGroup(int group, long now) {
        List<SimNode> masters = new ArrayList<>();
        SimNode best = null;
        for (SimNode node : nodes) {
            if (lan.groupOf(node.id) != group || !node.running()) {
                continue;
            }
            if (node.state() == VrrpState.MASTER) {
                masters.add(node);
            }
            if (node.eligible() && (best == null || node.priority > best.priority)) {
                best = node;
            }
        }
        if (best == null) {
            if (!masters.isEmpty()) {
                throw new InvariantViolation("INV1", now, "group " + group + " has no eligible node but Masters "
                        + masters);
            }
            return;
        }
        if (masters.size() != 1) {
            throw new InvariantViolation("INV1", now, "group " + group + " has " + masters.size() + " Masters "
                    + masters + " among " + groupMembers(group));
        }
        SimNode master = masters.get(0);
        if (master.priority == 0 || scenario.preemptEverywhere() && master.priority != best.priority) {
            throw new InvariantViolation("INV1", now, "group " + group + " is led by " + master + " although "
                    + best + " has the highest eligible priority; members " + groupMembers(group));
        }
    }

    private List<SimNode> groupMembers(int group) {
        return nodes.stream().filter(n -> lan.groupOf(n.id) == group).toList();
    }
}
