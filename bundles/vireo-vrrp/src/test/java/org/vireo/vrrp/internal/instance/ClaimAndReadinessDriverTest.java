package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpStateListener;
import org.vireo.vrrp.VrrpTransport;
import org.vireo.vrrp.internal.transport.InMemoryTransport;

/**
 * Issue 19, defect 14 through the driver: a new master's first advert waits for its listeners' claim of the VIPs (a
 * backup gives them up on hearing it), and a node that is not ready does not take them from a live master.
 */
class ClaimAndReadinessDriverTest {

    private final ManualScheduler clock = new ManualScheduler();
    private final InMemoryTransport lan = new InMemoryTransport();
    /** What a bystander on the LAN hears: the priority of every advert, in order. */
    private final List<Integer> heard = new ArrayList<>();

    ClaimAndReadinessDriverTest() throws IOException {
        lan.open(spec(), (message, offset, length, source, destination, ttl) -> heard.add(message[offset + 2] & 0xff));
    }

    private static VrrpTransport.ChannelSpec spec() {
        return new VrrpTransport.ChannelSpec("lan0", false, 51, List.of(), false, List.of());
    }

    private InstanceDriver driver(String name, int priority, Map<String, String> extra, StateSink sink,
                                  Supplier<Optional<String>> readiness) throws IOException {
        Map<String, String> config = new HashMap<>(Map.of("name", name, "vrid", "51", "priority",
            String.valueOf(priority), "advertIntervalMillis", "100", "virtualAddresses", "10.77.0.1",
            "interfaceName", "lan0"));
        config.putAll(extra);
        InstanceDriver d = new InstanceDriver(InstanceOptions.parse(config), clock, sink,
            receiver -> lan.open(spec(), receiver), (lost, reason) -> { }, readiness);
        d.start();
        return d;
    }

    private static StateSink claimingWith(AtomicReference<CompletableFuture<Void>> claim) {
        return change -> {
            if (change.to() == VrrpState.MASTER) {
                claim.set(new CompletableFuture<>());
                return claim.get();
            }
            return VrrpStateListener.NOTHING_TO_CLAIM;
        };
    }

    private static final StateSink NOTHING = change -> VrrpStateListener.NOTHING_TO_CLAIM;

    @Test
    void aNewMasterAdvertisesOnlyOnceItsVipsAreClaimed() throws Exception {
        AtomicReference<CompletableFuture<Void>> claim = new AtomicReference<>();
        InstanceDriver a = driver("a", 150, Map.of(), claimingWith(claim), Optional::empty);

        clock.advanceSeconds(1); // Master_Down_Interval at 100 ms adverts: 341 ms
        assertThat(a.state()).isEqualTo(VrrpState.MASTER);
        assertThat(claim.get()).isNotNull();
        assertThat(heard).as("adverts before the claim completed").isEmpty();

        claim.get().complete(null); // on the announcer's thread
        clock.advanceSeconds(0.25);
        assertThat(heard).isNotEmpty().allMatch(p -> p == 150);
        assertThat(a.warnings()).isEmpty();
    }

    @Test
    void aClaimThatNeverCompletesSendsTheInstanceBackToBackupWithoutOneAdvertAndSaysWhy() throws Exception {
        AtomicReference<CompletableFuture<Void>> claim = new AtomicReference<>();
        InstanceDriver a = driver("a", 150, Map.of(), claimingWith(claim), Optional::empty);

        clock.advanceSeconds(0.35);
        assertThat(a.state()).isEqualTo(VrrpState.MASTER);
        clock.advanceSeconds(1.0); // the claim timer (1 s) runs out
        assertThat(a.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(a.warnings()).anyMatch(w -> w.contains("its VIPs were not claimed within 1000 ms"));
        CompletableFuture<Void> abandoned = claim.get();
        abandoned.complete(null); // late: changes nothing
        clock.advanceSeconds(0.01);
        assertThat(heard).isEmpty();
    }

    @Test
    void aFailedClaimSendsTheInstanceBackToBackupWithoutOneAdvert() throws Exception {
        AtomicReference<CompletableFuture<Void>> claim = new AtomicReference<>();
        InstanceDriver a = driver("a", 150, Map.of(), claimingWith(claim), Optional::empty);
        clock.advanceSeconds(0.35);

        claim.get().completeExceptionally(new IllegalStateException("RTNETLINK answers: Operation not permitted"));
        clock.advanceSeconds(0.001);

        assertThat(a.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(a.warnings()).anyMatch(w -> w.contains("Operation not permitted"));
        assertThat(heard).isEmpty();
    }

    @Test
    void aReturningNodeDoesNotPreemptALiveMasterUntilItIsReadyAndSaysWhatItWaitsFor() throws Exception {
        InstanceDriver old = driver("old", 100, Map.of(), NOTHING, Optional::empty);
        clock.advanceSeconds(1);
        assertThat(old.state()).isEqualTo(VrrpState.MASTER);
        AtomicReference<Optional<String>> waiting = new AtomicReference<>(Optional.of("balancer: not armed"));

        InstanceDriver back = driver("back", 150, Map.of(), NOTHING, waiting::get);
        clock.advanceSeconds(10);

        assertThat(back.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(old.state()).isEqualTo(VrrpState.MASTER);
        assertThat(back.waitingFor()).contains("balancer: not armed");

        waiting.set(Optional.empty());
        clock.advanceSeconds(1);
        assertThat(back.state()).isEqualTo(VrrpState.MASTER);
        assertThat(old.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(back.waitingFor()).isEmpty();
    }

    @Test
    void aNodeThatNeverGetsReadyPreemptsOnceItsReadinessTimeoutHasRun() throws Exception {
        InstanceDriver old = driver("old", 100, Map.of(), NOTHING, Optional::empty);
        clock.advanceSeconds(1);

        InstanceDriver back = driver("back", 150, Map.of("readinessTimeoutSeconds", "3"), NOTHING,
            () -> Optional.of("the role's features are still starting"));
        clock.advanceSeconds(2.9);
        assertThat(back.state()).isEqualTo(VrrpState.BACKUP);
        clock.advanceSeconds(0.6); // 3 s, then Master_Down_Interval (341 ms) after the last advert taken
        assertThat(back.state()).isEqualTo(VrrpState.MASTER);
        assertThat(old.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void aConditionThatBeginsToWaitAfterTheStartHoldsThePreemptionBackToo() throws Exception {
        InstanceDriver old = driver("old", 100, Map.of(), NOTHING, Optional::empty);
        clock.advanceSeconds(1);
        // ready when it starts; its stale-VIP check (or a role change) begins before the first advert is handled
        AtomicReference<Optional<String>> waiting = new AtomicReference<>(Optional.empty());
        InstanceDriver back = driver("back", 150, Map.of(), NOTHING, waiting::get);
        waiting.set(Optional.of("VIP announcer: removing what an earlier run left"));

        clock.advanceSeconds(5);
        assertThat(back.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(old.state()).isEqualTo(VrrpState.MASTER);
        assertThat(back.waitingFor()).contains("VIP announcer: removing what an earlier run left");

        waiting.set(Optional.empty());
        clock.advanceSeconds(1);
        assertThat(back.state()).isEqualTo(VrrpState.MASTER);
    }

    @Test
    void aConditionThatBeginsToWaitLaterIsBoundedByTheTimeoutOnceAndNotWaitedForAgain() throws Exception {
        InstanceDriver old = driver("old", 100, Map.of(), NOTHING, Optional::empty);
        clock.advanceSeconds(1);
        AtomicReference<Optional<String>> waiting = new AtomicReference<>(Optional.empty());
        InstanceDriver back = driver("back", 150, Map.of("readinessTimeoutSeconds", "3"), NOTHING, waiting::get);
        waiting.set(Optional.of("balancer: not armed")); // and never armed

        clock.advanceSeconds(2.9);
        assertThat(back.state()).isEqualTo(VrrpState.BACKUP);
        clock.advanceSeconds(5);
        assertThat(back.state()).isEqualTo(VrrpState.MASTER);
        assertThat(old.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void aNodeThatStartsUnreadyAndHearsNoMasterTakesOverOnceReady() throws Exception {
        AtomicReference<Optional<String>> waiting = new AtomicReference<>(Optional.of("still starting"));
        InstanceDriver alone = driver("alone", 150, Map.of(), NOTHING, waiting::get);

        clock.advanceSeconds(2); // several Master_Down_Intervals (341 ms): no advert, but not ready either
        assertThat(alone.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(heard).isEmpty();

        waiting.set(Optional.empty());
        clock.advanceSeconds(0.35); // the next expiry looks at the readiness first
        assertThat(alone.state()).isEqualTo(VrrpState.MASTER);
        assertThat(alone.waitingFor()).isEmpty();
    }

    @Test
    void aNodeThatStartsUnreadyAndNeverGetsReadyTakesOverOnceItsReadinessTimeoutHasRun() throws Exception {
        InstanceDriver alone = driver("alone", 150, Map.of("readinessTimeoutSeconds", "2"), NOTHING,
            () -> Optional.of("the role's features are still starting"));

        clock.advanceSeconds(1.9);
        assertThat(alone.state()).isEqualTo(VrrpState.BACKUP);
        clock.advanceSeconds(0.4);
        assertThat(alone.state()).isEqualTo(VrrpState.MASTER);
    }

    @Test
    void aBackupOnceReadyTakesOverWhenItsMasterGoesSilentEvenWhileAConditionWaits() throws Exception {
        InstanceDriver master = driver("master", 150, Map.of(), NOTHING, Optional::empty);
        clock.advanceSeconds(1);
        AtomicReference<Optional<String>> waiting = new AtomicReference<>(Optional.empty());
        InstanceDriver backup = driver("backup", 100, Map.of(), NOTHING, waiting::get);
        clock.advanceSeconds(1);
        waiting.set(Optional.of("a role change is being deployed"));

        master.stop();
        clock.advanceSeconds(1);

        assertThat(backup.state()).isEqualTo(VrrpState.MASTER);
    }
}
