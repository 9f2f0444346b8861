package org.vireo.vrrp.internal.fsm.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.FsmEvent;
import org.vireo.vrrp.internal.fsm.sim.EventQueue.ClaimDone;
import org.vireo.vrrp.internal.fsm.sim.EventQueue.Delivery;
import org.vireo.vrrp.internal.fsm.sim.EventQueue.FaultDue;
import org.vireo.vrrp.internal.fsm.sim.EventQueue.SimEvent;
import org.vireo.vrrp.internal.fsm.sim.EventQueue.TimerExpiry;

/**
 * Runs one scenario: N nodes, each a state machine whose actions drive its timers, VIP flag and the LAN,
 * on a virtual clock. Deterministic for a given scenario and state-machine factory.
 */
public final class Simulation {
    private final Scenario scenario;
    private final Function<FsmConfig, NodeFsm> fsmFactory;
    private final List<SimNode> nodes = new ArrayList<>();
    private final Lan lan;
    private final EventQueue queue = new EventQueue();
    private final Trace trace = new Trace();
    private final InvariantChecker checker;
    private long lastFaultMicros;
    private final Random claimDelay;

    private Simulation(Scenario scenario, Function<FsmConfig, NodeFsm> fsmFactory) {
        this.scenario = scenario;
        this.fsmFactory = fsmFactory;
        for (FsmConfig config : scenario.nodes()) {
            nodes.add(new SimNode(nodes.size(), config));
        }
        // The wire has its own random stream, so the fault schedule does not depend on how many packets flew.
        lan = new Lan(nodes.size(), new Random(scenario.seed() ^ 0x5DEECE66DL), scenario.maxDelayMicros(),
                scenario.duplicateProbability());
        checker = new InvariantChecker(scenario, nodes, lan);
        claimDelay = new Random(scenario.seed() ^ 0x2545F4914F6CDD1DL);
    }

    public static SimResult run(Scenario scenario, Function<FsmConfig, NodeFsm> fsmFactory) {
        return new Simulation(scenario, fsmFactory).run();
    }

    private SimResult run() {
        for (ScheduledFault fault : scenario.faults()) {
            queue.schedule(fault.atMicros(), new FaultDue(fault.fault()));
        }
        String violation = null;
        try {
            while (queue.hasEventUntil(scenario.endMicros())) {
                dispatch(queue.next());
                checker.checkVips(queue.now());
                checker.checkConvergence(queue.now(), lastFaultMicros);
                checker.checkMasterGap(queue.now());
            }
            checker.checkMasterGap(scenario.endMicros());
            checker.checkFinal(scenario.endMicros(), lastFaultMicros);
        } catch (InvariantViolation e) {
            violation = e.getMessage();
        }
        return new SimResult(scenario, violation, trace, checker.takeoversChecked(), checker.convergenceChecks());
    }

    private void dispatch(SimEvent event) {
        if (event instanceof Delivery delivery) {
            SimNode to = nodes.get(delivery.to());
            Packet packet = delivery.packet();
            if (to.processUp() && to.linkUp && lan.connected(packet.from(), to.id)) {
                feed(to, new FsmEvent.AdvertReceived(packet.priority(), packet.intervalCentis(), packet.sender()));
            }
        } else if (event instanceof TimerExpiry expiry) {
            SimNode node = nodes.get(expiry.node());
            if (node.processUp() && node.timerGeneration[expiry.timer().ordinal()] == expiry.generation()) {
                feed(node, FsmEvent.TimerFired.of(expiry.timer()));
            }
        } else if (event instanceof ClaimDone done) {
            SimNode node = nodes.get(done.node());
            if (node.processUp() && node.holdsVip && node.claimGeneration == done.generation()) {
                node.vipAnnounced = true;
                feed(node, new FsmEvent.AddressesClaimed());
            }
        } else if (event instanceof FaultDue due) {
            lastFaultMicros = queue.now();
            trace.fault(queue.now(), due.fault());
            apply(due.fault());
        }
    }

    private void feed(SimNode node, FsmEvent event) {
        long now = queue.now();
        VrrpState before = node.state();
        List<FsmAction> actions = node.fsm.handle(event, now);
        trace.node(now, node, event, before, actions);
        for (FsmAction action : actions) {
            carryOut(node, action, now);
        }
        checker.afterNodeEvent(node, event, before, actions, now);
    }

    private void carryOut(SimNode node, FsmAction action, long now) {
        if (action instanceof FsmAction.SendAdvert send) {
            if (send.priority() > 0 && !node.vipAnnounced) {
                // INV5: a Backup that hears this gives the VIP up; clients would have nowhere to go
                throw new InvariantViolation("INV5", now, node + " advertises priority " + send.priority()
                        + " before its VIP is claimed and announced");
            }
            Packet packet = new Packet(node.id, send.priority(), send.maxAdverIntervalCentis(),
                    node.config.primaryAddress());
            lan.transmit(node.id, (to, delay) -> queue.schedule(now + delay, new Delivery(to, packet)));
        } else if (action instanceof FsmAction.BecomeMaster) {
            node.holdsVip = true;
            // the claim takes 0-2 ms (netlink and the first gratuitous ARPs), reported back like a timer
            queue.schedule(now + claimDelay.nextInt(2_001), new ClaimDone(node.id, ++node.claimGeneration));
        } else if (action instanceof FsmAction.BecomeBackup || action instanceof FsmAction.BecomeInitialize) {
            node.holdsVip = false;
            node.vipAnnounced = false;
            node.claimGeneration++;
        } else if (action instanceof FsmAction.StartTimer start) {
            long generation = ++node.timerGeneration[start.timer().ordinal()];
            queue.schedule(now + start.delayMicros(), new TimerExpiry(node.id, start.timer(), generation));
        } else if (action instanceof FsmAction.CancelTimer cancel) {
            node.timerGeneration[cancel.timer().ordinal()]++;
        }
    }

    private void apply(Fault fault) {
        if (fault instanceof Fault.Start start) {
            start(nodes.get(start.node()));
        } else if (fault instanceof Fault.Crash crash) {
            crash(nodes.get(crash.node()));
        } else if (fault instanceof Fault.GracefulShutdown shutdown) {
            SimNode node = nodes.get(shutdown.node());
            if (node.processUp() && node.adminUp) {
                node.adminUp = false;
                feed(node, new FsmEvent.Shutdown());
            }
        } else if (fault instanceof Fault.PriorityChange change) {
            SimNode node = nodes.get(change.node());
            node.priority = change.priority();
            if (node.processUp()) {
                feed(node, new FsmEvent.PriorityChanged(change.priority()));
            }
        } else if (fault instanceof Fault.LinkDown down) {
            setLink(nodes.get(down.node()), false);
        } else if (fault instanceof Fault.LinkUp up) {
            setLink(nodes.get(up.node()), true);
        } else if (fault instanceof Fault.Partition partition) {
            lan.partition(partition.groupOfNode());
        } else if (fault instanceof Fault.Heal) {
            lan.heal();
        } else if (fault instanceof Fault.LossStart loss) {
            lan.lossProbability(loss.probability());
        } else if (fault instanceof Fault.LossEnd) {
            lan.lossProbability(0);
        }
    }

    private void start(SimNode node) {
        if (!node.processUp()) {
            // A fresh process learns the world's current state before it is started.
            node.fsm = fsmFactory.apply(node.config);
            if (node.priority != node.config.basePriority()) {
                feed(node, new FsmEvent.PriorityChanged(node.priority));
            }
            if (!node.linkUp) {
                feed(node, new FsmEvent.InterfaceDown());
            }
        } else if (node.adminUp) {
            return;
        }
        node.adminUp = true;
        feed(node, new FsmEvent.Startup());
    }

    private void crash(SimNode node) {
        if (!node.processUp()) {
            return;
        }
        node.fsm = null;
        node.adminUp = false;
        node.holdsVip = false;
        node.vipAnnounced = false;
        node.claimGeneration++;
        for (int timer = 0; timer < node.timerGeneration.length; timer++) {
            node.timerGeneration[timer]++;
        }
    }

    private void setLink(SimNode node, boolean up) {
        if (node.linkUp == up) {
            return;
        }
        node.linkUp = up;
        if (node.processUp()) {
            feed(node, up ? new FsmEvent.InterfaceUp() : new FsmEvent.InterfaceDown());
        }
    }
}
