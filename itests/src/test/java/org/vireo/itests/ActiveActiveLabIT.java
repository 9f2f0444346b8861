package org.vireo.itests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.Test;

/**
 * Active-active, as in the Citrix ADC example: three appliances NS1..NS3 (n1..n3), four VRRP instances on
 * each, one VIP per instance, with per-node priorities such that VIP1 and VIP2 are active on NS1, VIP3 on NS2
 * and VIP4 on NS3. When NS1 fails (JVM killed, cable cut) VIP1 moves to NS3 and VIP2 to NS2, by their
 * priorities, and VIP3 and VIP4 stay where they are; when NS1 returns it takes VIP1 and VIP2 back.
 */
public class ActiveActiveLabIT extends LabTestSupport {

    private static final int INTERVAL = 200;
    private static final List<String> NODES = List.of("n1", "n2", "n3");
    /** Per VIP (VRID 61..64, address 10.77.0.61..64): the priorities of n1, n2, n3. */
    private static final Map<Integer, List<Integer>> PRIORITIES = Map.of(
        1, List.of(200, 100, 150),
        2, List.of(200, 150, 100),
        3, List.of(150, 200, 100),
        4, List.of(150, 100, 200));

    public ActiveActiveLabIT() {
        super("aa", 3);
    }

    private static String vip(int k) {
        return "10.77.0." + (60 + k);
    }

    /** The four instance configurations of a node, as files for lab.sh vireo --cfg. */
    private static List<String> instances(String node, Path dir) throws Exception {
        List<String> args = new ArrayList<>();
        for (int k = 1; k <= 4; k++) {
            int priority = PRIORITIES.get(k).get(NODES.indexOf(node));
            Path cfg = dir.resolve("org.vireo.vrrp.instance-vip" + k + ".cfg");
            Files.write(cfg, List.of("name = vip" + k, "interfaceName = eth0", "vrid = " + (60 + k),
                "priority = " + priority, "advertIntervalMillis = " + INTERVAL, "preempt = true",
                "virtualAddresses = " + vip(k)));
            args.addAll(List.of("--cfg", cfg.toString()));
        }
        return args;
    }

    private void start(String node, String role) throws Exception {
        Path dir = Files.createTempDirectory("vireo-aa-" + node);
        List<String> args = new ArrayList<>(List.of("--role", role));
        args.addAll(instances(node, dir));
        lab.vireo(node, args.toArray(new String[0]));
    }

    /** Each VIP on exactly the node given (in VIP order), on no other. */
    private void awaitPlacement(String... owners) throws Exception {
        for (int k = 1; k <= 4; k++) {
            String owner = owners[k - 1];
            lab.awaitAddress(owner, vip(k), true, 30);
            for (String other : NODES) {
                if (!other.equals(owner)) {
                    lab.awaitAddress(other, vip(k), false, 10);
                }
            }
        }
    }

    @Test
    public void eachVipGroupIsActiveOnItsOwnNodeAndMovesByPriority() throws Exception {
        start("n1", "director");
        start("n2", "backup");
        start("n3", "backup");
        for (String node : NODES) {
            lab.awaitLog(node, "VRRP instance vip4 started", 120);
        }
        awaitPlacement("n1", "n1", "n2", "n3");
        lab.awaitClientNeighbour(vip(3), Lab.mac("n2"), 10);
        lab.awaitClientNeighbour(vip(4), Lab.mac("n3"), 10);

        lab.run(60, "kill", "n1", "--cut");
        awaitPlacement("n3", "n2", "n2", "n3"); // the guard took n1's VIPs away too
        lab.awaitClientNeighbour(vip(1), Lab.mac("n3"), 10);
        lab.awaitClientNeighbour(vip(2), Lab.mac("n2"), 10);

        lab.run(30, "heal", "n1");
        lab.vireo("n1", "--keep");
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 120);
        lab.awaitLog("n1", "vip2 .*BACKUP -> MASTER", 30);
        awaitPlacement("n1", "n1", "n2", "n3");
        lab.awaitClientNeighbour(vip(1), Lab.mac("n1"), 10);
        lab.awaitClientNeighbour(vip(2), Lab.mac("n1"), 10);
    }
}
