package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.VrrpTransition;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpTakeover;
import org.vireo.vrrp.VrrpStateListener;
import org.vireo.vrrp.VrrpTransport;
import org.vireo.vrrp.internal.packet.VrrpAdvert;
import org.vireo.vrrp.internal.packet.VrrpCodec;
import org.vireo.vrrp.internal.packet.VrrpVersion;
import org.vireo.vrrp.internal.transport.InMemoryTransport;

class InstanceDriverTest {

    private final ManualScheduler clock = new ManualScheduler();
    private final InMemoryTransport lan = new InMemoryTransport();
    private final List<String> transitions = new ArrayList<>();

    private InstanceDriver instance(String name, int vrid, int priority) throws IOException {
        InstanceOptions options = InstanceOptions.parse(Map.of("name", name, "vrid", String.valueOf(vrid),
            "priority", String.valueOf(priority), "virtualAddresses", "10.77.0.1", "interfaceName", "lan0"));
        InstanceDriver driver = new InstanceDriver(options, clock,
            change -> {
                transitions.add(change.instance() + " " + change.from() + "->" + change.to());
                return VrrpStateListener.NOTHING_TO_CLAIM;
            },
            receiver -> lan.open(new VrrpTransport.ChannelSpec("lan0", false, vrid, List.of(), false, List.of()), receiver),
            (lost, reason) -> transitions.add(name + " lost: " + reason));
        driver.start();
        return driver;
    }

    /**
     * A driver of VRID 51 on the LAN with {@code config} (over the defaults), whose receiver the test holds in
     * {@code wire} to hand it packets of its own.
     */
    private InstanceDriver wired(Map<String, String> config, AtomicReference<VrrpTransport.Receiver> wire)
        throws IOException {
        Map<String, String> all = new java.util.HashMap<>(Map.of("vrid", "51", "virtualAddresses", "10.77.0.1",
            "interfaceName", "lan0"));
        all.putAll(config);
        return new InstanceDriver(InstanceOptions.parse(all), clock, change -> VrrpStateListener.NOTHING_TO_CLAIM,
            receiver -> {
                wire.set(receiver);
                return lan.open(new VrrpTransport.ChannelSpec("lan0", false, 51, List.of(), false, List.of()),
                    receiver);
            }, (lost, reason) -> { });
    }

    @Test
    void aBackupCountsMasterDownFromWhenTheAdvertArrivedNotFromWhenItWasHandled() throws Exception {
        AtomicReference<VrrpTransport.Receiver> wire = new AtomicReference<>();
        InstanceDriver b = wired(Map.of("name", "b", "priority", "100"), wire);
        b.start();
        clock.advanceSeconds(1);

        // it reached the interface 300 ms before the receive thread handed it over
        advert(wire, "10.77.0.9", 200, 300_000);

        // Master_Down_Interval at priority 100 and 1 s: 3 s + 609 ms, from 0.7 s: 4.309 s (not 4.609 s)
        clock.advanceSeconds(3.29);
        assertThat(b.state()).isEqualTo(VrrpState.BACKUP);
        clock.advanceSeconds(0.03);
        assertThat(b.state()).isEqualTo(VrrpState.MASTER);
        // and its last transition says the master went silent, and which master
        VrrpTransition last = b.lastTransition().orElseThrow();
        assertThat(last.from()).isEqualTo(VrrpState.BACKUP);
        assertThat(last.to()).isEqualTo(VrrpState.MASTER);
        assertThat(last.cause()).isEqualTo("no advert from the master 10.77.0.9 for Master_Down_Interval");
        assertThat(last.peer()).contains(InetAddress.getByName("10.77.0.9"));
        assertThat(last.at()).isEqualTo(b.stateSince());
    }

    @Test
    void aTakeoverIsMeasuredFromTheOldMastersLastAdvertToTheNewMastersFirst() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        InstanceDriver b = instance("b", 51, 100);
        clock.advanceSeconds(5);
        assertThat(b.lastTakeover()).isEmpty();

        a.stop(); // its last advert is of priority 0: b waits Skew_Time, (256 - 100) / 256 of a second
        clock.advanceSeconds(1);

        assertThat(b.state()).isEqualTo(VrrpState.MASTER);
        VrrpTakeover t = b.lastTakeover().orElseThrow();
        assertThat(t.previousMaster()).isEqualTo(a.primaryAddress());
        assertThat(t.gap()).contains(java.time.Duration.ofNanos(609_375_000));
        assertThat(t.lastAdvertHeard().orElseThrow().plus(t.gap().get())).isEqualTo(t.firstAdvertSent());
        assertThat(t.vipsClaimed().orElseThrow()).isBeforeOrEqualTo(t.firstAdvertSent()); // the advert waits for it
        assertThat(a.lastTakeover().orElseThrow().gap()).isEmpty(); // master at its start, having heard no one
    }

    @Test
    void aTakeoverWithNoMasterHeardHasNoGap() throws Exception {
        InstanceDriver alone = instance("alone", 51, 100);
        clock.advanceSeconds(5);

        assertThat(alone.state()).isEqualTo(VrrpState.MASTER);
        VrrpTakeover t = alone.lastTakeover().orElseThrow();
        assertThat(t.previousMaster()).isEmpty();
        assertThat(t.lastAdvertHeard()).isEmpty();
        assertThat(t.gap()).isEmpty();
    }

    @Test
    void twoInstancesElectTheHigherPriority() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        InstanceDriver b = instance("b", 51, 100);

        clock.advanceSeconds(5);

        assertThat(a.state()).isEqualTo(VrrpState.MASTER);
        assertThat(b.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(b.masterAddress()).isEqualTo(a.primaryAddress());
        assertThat(a.masterAddress()).isEqualTo(a.primaryAddress());
        assertThat(transitions).containsExactly("a INITIALIZE->BACKUP", "b INITIALIZE->BACKUP", "a BACKUP->MASTER");
        assertThat(a.counters().advertsSent()).isGreaterThanOrEqualTo(2);
        assertThat(b.counters().advertsReceived()).isEqualTo(a.counters().advertsSent());
        assertThat(b.counters().dropped()).isZero();
    }

    @Test
    void aHigherOverrideOnTheBackupTakesMastershipAndClearingItGivesItBack() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        InstanceDriver b = instance("b", 51, 100);
        clock.advanceSeconds(5);

        b.overridePriority(Optional.of(250));
        clock.advanceSeconds(5);

        assertThat(b.state()).isEqualTo(VrrpState.MASTER);
        assertThat(a.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(b.effectivePriority()).isEqualTo(250);

        b.overridePriority(Optional.empty());
        clock.advanceSeconds(5);
        assertThat(a.state()).isEqualTo(VrrpState.MASTER);
        assertThat(b.state()).isEqualTo(VrrpState.BACKUP);
        // below 255, each starts as a backup (RFC 5798 6.4.1): a went backup, master, backup, master
        assertThat(a.counters().transitions()).containsEntry(VrrpState.BACKUP, 2L).containsEntry(VrrpState.MASTER, 2L);
        assertThat(b.counters().transitions()).containsEntry(VrrpState.BACKUP, 2L).containsEntry(VrrpState.MASTER, 1L);
        assertThat(b.counters().becameMaster()).isEqualTo(b.counters().transitionsTo(VrrpState.MASTER));
    }

    @Test
    void aNewBasePriorityAppliesInTheRunningElection() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        InstanceDriver b = instance("b", 51, 100);
        clock.advanceSeconds(5);
        transitions.clear();

        b.basePriority(b.options().withPriority(250));
        clock.advanceSeconds(5);

        assertThat(b.state()).isEqualTo(VrrpState.MASTER);
        assertThat(b.options().priority()).isEqualTo(250);
        assertThat(transitions).containsExactly("b BACKUP->MASTER", "a MASTER->BACKUP"); // b never left the election
        assertThatThrownBy(() -> b.basePriority(b.options().withPriority(255)))
            .hasMessageContaining("only a priority change between 1 and 254");
    }

    @Test
    void anOverrideOutsideZeroTo254IsRefused() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        assertThatThrownBy(() -> a.overridePriority(Optional.of(255)))
            .hasMessageContaining("an override is 0-254");
    }

    @Test
    void aStoppedMasterSendsPriorityZeroAndTheBackupTakesOverWithinSkewTime() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        InstanceDriver b = instance("b", 51, 100);
        clock.advanceSeconds(5);

        a.stop();
        // Skew_Time at priority 100 and 1 s is 609 ms; Master_Down_Interval would be 3.6 s
        clock.advanceSeconds(0.6);
        assertThat(b.state()).isEqualTo(VrrpState.BACKUP);
        clock.advanceSeconds(0.02);

        assertThat(b.state()).isEqualTo(VrrpState.MASTER);
        assertThat(a.state()).isEqualTo(VrrpState.INITIALIZE);
        assertThat(b.counters().priorityZeroReceived()).isEqualTo(1);
        assertThat(transitions).contains("a MASTER->INITIALIZE", "b BACKUP->MASTER");
    }

    @Test
    void aResignedMasterHandsOverAndComesBackAfterTheHoldOff() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        InstanceDriver b = instance("b", 51, 100);
        clock.advanceSeconds(5);

        a.resign(Duration.ofSeconds(30));
        clock.advanceSeconds(1);
        assertThat(a.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(b.state()).isEqualTo(VrrpState.MASTER);
        assertThat(a.effectivePriority()).isZero();

        clock.advanceSeconds(29 + 5);
        assertThat(a.effectivePriority()).isEqualTo(200);
        assertThat(a.state()).isEqualTo(VrrpState.MASTER);
        assertThat(b.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void advertsOfAnotherVridAreDroppedAndCountedWithTheirReason() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        InstanceDriver other = instance("other", 52, 100);

        clock.advanceSeconds(5);

        assertThat(other.state()).isEqualTo(VrrpState.MASTER);
        assertThat(a.counters().drops()).containsEntry(DropReason.VRID_NOT_CONFIGURED, other.counters().advertsSent());
        assertThat(a.counters().dropped()).isEqualTo(other.counters().advertsSent());
    }

    @Test
    void aMasterIgnoresAnOwnersAdvertFromASourceNotInItsAllowedPeersAndCountsIt() throws Exception {
        // given a master that takes adverts only from 10.77.0.12
        AtomicReference<VrrpTransport.Receiver> wire = new AtomicReference<>();
        InstanceDriver m = wired(Map.of("name", "m", "allowedPeers", "10.77.0.12"), wire);
        m.start();
        clock.advanceSeconds(5);
        assertThat(m.state()).isEqualTo(VrrpState.MASTER);

        // when a stranger claims the VIP with priority 255, ten times
        InetAddress stranger = InetAddress.getByName("10.77.0.66");
        for (int i = 0; i < 10; i++) {
            ownerAdvert(wire.get(), stranger);
            clock.advanceSeconds(0.1);
        }

        // then the master stays master, and every one of them is counted
        assertThat(m.state()).isEqualTo(VrrpState.MASTER);
        assertThat(m.counters().drops()).containsEntry(DropReason.NOT_A_PEER, 10L);

        // and the same advert from the allowed peer is heeded: the instance steps down
        ownerAdvert(wire.get(), InetAddress.getByName("10.77.0.12"));
        clock.advanceSeconds(0.1);
        assertThat(m.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void whatTheTransportDropsForTheChannelCountsWithTheInstancesDrops() throws Exception {
        AtomicReference<VrrpTransport.Receiver> wire = new AtomicReference<>();
        InstanceDriver m = wired(Map.of("name", "m"), wire);

        wire.get().dropped(DropReason.OWN_ADDRESS);

        assertThat(m.counters().drops()).containsEntry(DropReason.OWN_ADDRESS, 1L);
        assertThat(m.counters().dropped()).isEqualTo(1);
    }

    private static void ownerAdvert(VrrpTransport.Receiver receiver, InetAddress from) throws IOException {
        InetAddress group = InetAddress.getByName("224.0.0.18");
        byte[] advert = VrrpCodec.encode(new VrrpAdvert(VrrpVersion.V3, 51, 255, 100,
            List.of(InetAddress.getByName("10.77.0.1"))), from, group);
        receiver.received(advert, 0, advert.length, from, group, 255);
    }

    @Test
    void trackedPriorityIsClampedToTheBaseAndZeroMakesTheMasterStepDown() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        InstanceDriver b = instance("b", 51, 100);
        clock.advanceSeconds(5);

        a.trackedPriority(300, "test");
        assertThat(a.effectivePriority()).isEqualTo(200);
        a.trackedPriority(0, "test");
        clock.advanceSeconds(1);

        assertThat(a.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(b.state()).isEqualTo(VrrpState.MASTER);
    }

    @Test
    void aTransitionSaysItsCauseAndPeer_andAPriorityChangeItsReason() throws Exception {
        List<String> told = new ArrayList<>();
        StateSink sink = new StateSink() {
            @Override
            public java.util.concurrent.CompletionStage<Void> stateChanged(StateChange c) {
                told.add(c.instance() + " " + c.from() + "->" + c.to() + ": " + c.cause() + " [peer "
                    + c.peer().map(InetAddress::getHostAddress).orElse("none") + "]");
                return VrrpStateListener.NOTHING_TO_CLAIM;
            }

            @Override
            public void priorityChanged(PriorityChange c) {
                told.add(c.instance() + " priority " + c.from() + "->" + c.to() + ": " + c.reason());
            }
        };
        InstanceDriver a = withSink("a", 200, sink);
        InstanceDriver b = withSink("b", 100, sink);
        clock.advanceSeconds(5);
        told.clear();
        String aAddress = a.primaryAddress().orElseThrow().getHostAddress();

        a.trackedPriority(0, "health tracking: ALL: monitor web down");
        clock.advanceSeconds(1);

        assertThat(told).containsExactly(
            "a priority 200->0: health tracking: ALL: monitor web down",
            "a MASTER->BACKUP: priority 0 (health tracking: ALL: monitor web down) [peer none]",
            // RFC 5798 6.4.2: a priority-0 advert sets the backup's Master_Down_Timer to Skew_Time
            "b BACKUP->MASTER: the master " + aAddress + " stepped down (priority 0) [peer " + aAddress + "]");
        assertThat(b.state()).isEqualTo(VrrpState.MASTER);
    }

    /**
     * An advert of {@code priority} from {@code sender} for VRID 51, handed to the driver {@code ageMicros} after it
     * arrived.
     */
    private static void advert(AtomicReference<VrrpTransport.Receiver> wire, String sender, int priority,
                               long ageMicros) throws IOException {
        byte[] packet = new byte[64];
        InetAddress from = InetAddress.getByName(sender);
        InetAddress group = InetAddress.getByName("224.0.0.18");
        int length = VrrpCodec.encode(new VrrpAdvert(VrrpVersion.V3, 51, priority, 100,
            List.of(InetAddress.getByName("10.77.0.1"))), from, group, packet, 0);
        wire.get().received(packet, 0, length, from, group, 255, ageMicros);
    }

    @Test
    void aBackupThatPreemptsALiveMasterOfLowerPrioritySaysItPreemptedIt() throws Exception {
        AtomicReference<VrrpTransport.Receiver> wire = new AtomicReference<>();
        InstanceDriver b = wired(Map.of("name", "b", "priority", "200"), wire);
        b.start();
        for (int i = 0; i < 4; i++) { // the master goes on advertising: it is not silent, it is preempted
            clock.advanceSeconds(1);
            advert(wire, "10.77.0.9", 100, 0);
        }

        assertThat(b.state()).isEqualTo(VrrpState.MASTER);
        assertThat(b.lastTransition().orElseThrow().cause())
            .isEqualTo("preempted the master 10.77.0.9 (it advertises priority 100, below this node's)");
        assertThat(b.lastTransition().orElseThrow().peer()).contains(InetAddress.getByName("10.77.0.9"));
    }

    @Test
    void aResignationIsTheLastTransitionOfTheMasterAndItsPriorityZeroAdvertThatOfTheBackup() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        InstanceDriver b = instance("b", 51, 100);
        clock.advanceSeconds(5);
        assertThat(b.lastTransition().orElseThrow().to()).isEqualTo(VrrpState.BACKUP);

        a.resign(Duration.ofSeconds(30));
        clock.advanceSeconds(1);

        assertThat(a.lastTransition().orElseThrow())
            .extracting(VrrpTransition::from, VrrpTransition::to, VrrpTransition::cause)
            .containsExactly(VrrpState.MASTER, VrrpState.BACKUP, "priority 0 (resigned for 30 s)");
        String aAddress = a.primaryAddress().orElseThrow().getHostAddress();
        assertThat(b.lastTransition().orElseThrow().cause())
            .isEqualTo("the master " + aAddress + " stepped down (priority 0)");
        assertThat(b.lastTransition().orElseThrow().peer()).isEqualTo(a.primaryAddress());
    }

    @Test
    void aResignationIsADeductionToZeroForItsHoldOffOnly() throws Exception {
        InstanceDriver a = instance("a", 51, 200);
        clock.advanceSeconds(5);

        a.resign(Duration.ofSeconds(30));
        clock.advanceSeconds(1);
        assertThat(a.resignation()).hasValueSatisfying(r -> assertThat(r.holdOff()).hasSeconds(30));

        clock.advanceSeconds(30);
        assertThat(a.resignation()).isEmpty();
    }

    private InstanceDriver withSink(String name, int priority, StateSink sink) throws IOException {
        InstanceOptions options = InstanceOptions.parse(Map.of("name", name, "vrid", "51",
            "priority", String.valueOf(priority), "virtualAddresses", "10.77.0.1", "interfaceName", "lan0"));
        InstanceDriver driver = new InstanceDriver(options, clock, sink,
            receiver -> lan.open(new VrrpTransport.ChannelSpec("lan0", false, 51, List.of(), false, List.of()), receiver),
            (lost, reason) -> { });
        driver.start();
        return driver;
    }
}
