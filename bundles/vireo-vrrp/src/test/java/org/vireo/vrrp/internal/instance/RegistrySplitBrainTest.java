package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;

/** Another master seen through the registry: confirmed after it lasts, over when it stops, counted. */
class RegistrySplitBrainTest {

    private final RegistrySplitBrain tracker = new RegistrySplitBrain(3000);

    private static ClusterNode node(String name, boolean self, boolean stale, String state) {
        return new ClusterNode(name, "backup", "10.77.0." + name.substring(1), "0.1.0", Map.of("vip1", state),
            Optional.empty(), Instant.EPOCH, stale, self, 0);
    }

    private static final RegistrySplitBrain.Other N2 = new RegistrySplitBrain.Other("n2", "10.77.0.2");

    @Test
    void anotherMasterLastingTheConfirmationIsDetectedOnce_andOverWhenItNoLongerReportsMaster() {
        List<ClusterNode> both = List.of(node("n1", true, false, "MASTER"), node("n2", false, false, "MASTER"));

        assertThat(tracker.update("vip1", true, both, 1000)).isEmpty();
        assertThat(tracker.pending()).isTrue();
        assertThat(tracker.update("vip1", true, both, 3999)).isEmpty();
        assertThat(tracker.update("vip1", true, both, 4000)).containsExactly(new RegistrySplitBrain.Change(N2, true));
        assertThat(tracker.update("vip1", true, both, 9000)).isEmpty();
        assertThat(tracker.describe()).hasValue("through the cluster registry: detected: node n2 (10.77.0.2) reports"
            + " master too (1 since the instance started)");

        List<ClusterNode> healed = List.of(node("n1", true, false, "MASTER"), node("n2", false, false, "BACKUP"));
        assertThat(tracker.update("vip1", true, healed, 9500)).containsExactly(new RegistrySplitBrain.Change(N2, false));
        assertThat(tracker.count()).isEqualTo(1);
        assertThat(tracker.describe()).hasValue("through the cluster registry: none now (1 since the instance"
            + " started)");
    }

    @Test
    void aTakeBackOverlapShorterThanTheConfirmationIsNoSplitBrain() {
        tracker.update("vip1", true, List.of(node("n2", false, false, "MASTER")), 1000);

        assertThat(tracker.update("vip1", true, List.of(node("n2", false, false, "BACKUP")), 2000)).isEmpty();
        assertThat(tracker.update("vip1", true, List.of(node("n2", false, false, "MASTER")), 4500)).isEmpty();
        assertThat(tracker.pending()).isTrue(); // seen anew at 4500: its own 3 s start again
        assertThat(tracker.count()).isZero();
        assertThat(tracker.describe()).isEmpty();
    }

    @Test
    void staleNodesItselfAndOtherInstancesDoNotCount_norDoesAnythingWhileThisNodeIsNotMaster() {
        List<ClusterNode> nodes = List.of(node("n1", true, false, "MASTER"), node("n3", false, true, "MASTER"));
        assertThat(tracker.update("vip1", true, nodes, 0)).isEmpty();
        assertThat(tracker.update("vip1", true, nodes, 10_000)).isEmpty();
        assertThat(tracker.update("vip2", true, List.of(node("n2", false, false, "MASTER")), 20_000)).isEmpty();
        assertThat(tracker.update("vip2", true, List.of(node("n2", false, false, "MASTER")), 30_000)).isEmpty();
        assertThat(tracker.update("vip1", false, List.of(node("n2", false, false, "MASTER")), 40_000)).isEmpty();
        assertThat(tracker.update("vip1", false, List.of(node("n2", false, false, "MASTER")), 50_000)).isEmpty();
        assertThat(tracker.count()).isZero();
    }

    @Test
    void leavingMasterEndsIt() {
        List<ClusterNode> nodes = List.of(node("n2", false, false, "MASTER"));
        tracker.update("vip1", true, nodes, 0);
        tracker.update("vip1", true, nodes, 3000);

        assertThat(tracker.update("vip1", false, nodes, 3100)).containsExactly(new RegistrySplitBrain.Change(N2, false));
    }
}
