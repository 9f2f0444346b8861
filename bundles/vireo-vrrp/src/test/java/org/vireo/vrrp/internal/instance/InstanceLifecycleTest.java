package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpStateListener;
import org.vireo.vrrp.VrrpTransport;
import org.vireo.vrrp.internal.transport.InMemoryTransport;

class InstanceLifecycleTest {

    private final ManualScheduler clock = new ManualScheduler();
    private final InMemoryTransport lan = new InMemoryTransport();
    private final List<String> transitions = new ArrayList<>();
    private int failuresLeft;
    private VrrpTransport.Receiver lastReceiver;

    private InstanceLifecycle instance(String name, int priority) {
        InstanceOptions options = InstanceOptions.parse(Map.of("name", name, "vrid", "51", "priority",
            String.valueOf(priority), "virtualAddresses", "10.77.0.1", "interfaceName", "eth9"));
        return new InstanceLifecycle(options, clock,
            change -> {
                transitions.add(change.instance() + " " + change.from() + "->" + change.to());
                return VrrpStateListener.NOTHING_TO_CLAIM;
            },
            receiver -> {
                if (failuresLeft > 0) {
                    failuresLeft--;
                    throw new IOException("eth9: No such device exists");
                }
                lastReceiver = receiver;
                return lan.open(new VrrpTransport.ChannelSpec("eth9", false, 51, List.of(), false, List.of()), receiver);
            });
    }

    @Test
    void anInterfaceThatCannotBeOpenedIsAFaultWithItsReasonUntilItAppears() {
        failuresLeft = 3;
        InstanceLifecycle a = instance("a", 200);
        a.start();
        clock.advanceSeconds(1);

        assertThat(a.state()).isEqualTo(VrrpState.FAULT);
        assertThat(a.fault()).contains("cannot open eth9: eth9: No such device exists");
        assertThat(transitions).containsExactly("a INITIALIZE->FAULT");
        assertThatThrownBy(() -> a.resign(null)).hasMessageContaining("is not running (FAULT)");

        a.overridePriority(Optional.of(150)); // kept for when it runs
        clock.advanceSeconds(3 * InstanceLifecycle.RETRY_MICROS / 1e6 + 5);

        assertThat(a.fault()).isEmpty();
        assertThat(a.state()).isEqualTo(VrrpState.MASTER);
        assertThat(a.effectivePriority()).isEqualTo(150);
        assertThat(transitions).containsExactly("a INITIALIZE->FAULT", "a FAULT->INITIALIZE",
            "a INITIALIZE->BACKUP", "a BACKUP->MASTER");
    }

    @Test
    void aChannelThatFailsWhileMasterIsAFaultThatLetsTheAddressesGoAndRecovers() {
        InstanceLifecycle a = instance("a", 200);
        a.start();
        clock.advanceSeconds(5);
        assertThat(a.state()).isEqualTo(VrrpState.MASTER);
        assertThat(a.resignationAdvert()).isPresent();

        failuresLeft = 1;
        lastReceiver.failed("eth9 was removed");
        clock.advanceSeconds(1);

        assertThat(a.state()).isEqualTo(VrrpState.FAULT);
        assertThat(a.fault()).contains("eth9 failed: eth9 was removed");
        assertThat(a.resignationAdvert()).isEmpty();
        clock.advanceSeconds(2 * InstanceLifecycle.RETRY_MICROS / 1e6 + 5);

        assertThat(a.state()).isEqualTo(VrrpState.MASTER);
        assertThat(transitions).containsExactly("a INITIALIZE->BACKUP", "a BACKUP->MASTER", "a MASTER->INITIALIZE",
            "a INITIALIZE->FAULT", "a FAULT->INITIALIZE", "a INITIALIZE->BACKUP", "a BACKUP->MASTER");
    }

    @Test
    void aFailureReportedByAReplacedChannelIsIgnored() {
        InstanceLifecycle a = instance("a", 200);
        a.start();
        clock.advanceSeconds(5);
        VrrpTransport.Receiver first = lastReceiver;
        first.failed("gone");
        clock.advanceSeconds(InstanceLifecycle.RETRY_MICROS / 1e6 + 5);
        assertThat(a.state()).isEqualTo(VrrpState.MASTER);

        first.failed("gone again"); // the old channel's late report must not stop the new one
        clock.advanceSeconds(1);

        assertThat(a.state()).isEqualTo(VrrpState.MASTER);
    }

    @Test
    void stoppingAFaultyInstanceStopsTheRetries() {
        failuresLeft = Integer.MAX_VALUE;
        InstanceLifecycle a = instance("a", 200);
        a.start();
        clock.advanceSeconds(1);

        a.stop();
        failuresLeft = 0;
        clock.advanceSeconds(60);

        assertThat(a.state()).isEqualTo(VrrpState.FAULT);
        assertThat(transitions).containsExactly("a INITIALIZE->FAULT");
    }
    @Test
    void theLastTransitionIsTheFaultsWhileThereIsOne_andTheElectionsOnceItRunsAgain() {
        InstanceLifecycle a = instance("a", 200);
        a.start();
        clock.advanceSeconds(5);
        failuresLeft = 1;
        lastReceiver.failed("eth9 was removed");
        clock.advanceSeconds(1);

        assertThat(a.lastTransition().orElseThrow().to()).isEqualTo(VrrpState.FAULT);
        assertThat(a.lastTransition().orElseThrow().cause()).isEqualTo("eth9 failed: eth9 was removed");

        clock.advanceSeconds(2 * InstanceLifecycle.RETRY_MICROS / 1e6 + 5);
        assertThat(a.lastTransition().orElseThrow().from()).isEqualTo(VrrpState.BACKUP);
        assertThat(a.lastTransition().orElseThrow().to()).isEqualTo(VrrpState.MASTER);
    }

    @Test
    void theOperatorsOverrideIsADeductionFromTheTrackedPriority_andGoesWhenCleared() {
        InstanceLifecycle a = instance("a", 200);
        a.start();
        clock.advanceSeconds(1);
        a.trackedPriority(120, "health tracking: ALL: web down");

        a.overridePriority(Optional.of(150));
        clock.advanceSeconds(1);

        assertThat(a.priorityDeductions()).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo(PriorityDeduction.Kind.OVERRIDE);
            assertThat(d.amount()).isEqualTo(-30); // 200 - 80 (tracking's) - (-30) = 150
            assertThat(d.since()).isPresent();
        });
        assertThat(a.effectivePriority()).isEqualTo(150);

        a.overridePriority(Optional.empty());
        assertThat(a.priorityDeductions()).isEmpty();
    }
}
