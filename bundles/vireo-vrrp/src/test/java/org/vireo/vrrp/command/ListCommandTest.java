package org.vireo.vrrp.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

class ListCommandTest {

    /** An instance as a refused configuration shows it: FAULT, VRID 0, no master. */
    private static VrrpInstance refused(String name) {
        return (VrrpInstance) Proxy.newProxyInstance(VrrpInstance.class.getClassLoader(),
            new Class<?>[] {VrrpInstance.class}, (proxy, method, args) -> switch (method.getName()) {
                case "name" -> name;
                case "vrid", "basePriority", "effectivePriority" -> 0;
                case "interfaceName" -> "-";
                case "state" -> VrrpState.FAULT;
                case "priorityOverride", "masterAddress", "syncGroup" -> Optional.empty();
                case "advertInterval" -> Duration.ZERO;
                case "fault" -> Optional.of("configuration org.vireo.vrrp.instance refused: unknown key 'x'");
                case "refused" -> true;
                case "counters" -> new VrrpCounters(0, 0, 0, 0, 0, Map.of());
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }

    /** A backup of this node that waits for readiness before it preempts. */
    private static VrrpInstance waiting(String name, String what) {
        return (VrrpInstance) Proxy.newProxyInstance(VrrpInstance.class.getClassLoader(),
            new Class<?>[] {VrrpInstance.class}, (proxy, method, args) -> switch (method.getName()) {
                case "name" -> name;
                case "vrid" -> 51;
                case "basePriority", "effectivePriority" -> 150;
                case "interfaceName" -> "eth0";
                case "state" -> VrrpState.BACKUP;
                case "priorityOverride", "masterAddress", "fault" -> Optional.empty();
                case "waitingFor" -> Optional.of(what);
                case "syncGroup" -> Optional.of("dual");
                case "advertInterval" -> Duration.ofMillis(100);
                case "refused" -> false;
                case "counters" -> new VrrpCounters(0, 0, 0, 0, 0, Map.of());
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }

    @Test
    void aBackupWaitingForReadinessSaysWhatItWaitsFor() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        ListCommand.print(List.of(waiting("vip1", "balancer: listeners not set up yet")), null,
            new PrintStream(bytes, true, StandardCharsets.UTF_8));

        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("BACKUP")
            .contains("waiting for readiness: balancer: listeners not set up yet")
            .containsPattern("\\| dual\\s+\\|"); // its sync group
    }

    @Test
    void aRefusedInstanceIsListedWithItsReason_andAServiceThatFailedToActivateFailsNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<VrrpInstance> references = new ArrayList<>();
        references.add(refused("vi_1"));
        references.add(null); // what Karaf hands a command for a component whose activation threw

        ListCommand.print(Instances.present(references), null, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("vi_1").contains("FAULT")
            .contains("configuration org.vireo.vrrp.instance refused: unknown key 'x'");
    }
}
