package org.vireo.itests;

import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.Test;

/**
 * What an operator sees when VRRP cannot run: a node without CAP_NET_RAW, and an instance on an interface
 * that does not exist yet. Both show FAULT with the reason in vrrp:list; nothing crashes, and the instance
 * comes up by itself when the interface appears (and goes back to FAULT when it disappears).
 */
public class VrrpFaultLabIT extends LabTestSupport {


    public VrrpFaultLabIT() {
        super("vf", 2);
    }

    @Test
    public void withoutCapNetRawTheInstanceIsInFaultAndSaysWhatIsMissing() throws Exception {
        // root, but with CAP_NET_RAW gone from the bounding set that the node's JVM inherits
        lab.vireo(List.of("setpriv", "--bounding-set", "-net_raw", "--inh-caps", "-net_raw"), "n1", "--role",
            "director", "--vrid", "71", "--priority", "150", "--interval-ms", "1000", "--vip", "10.77.0.71");
        lab.awaitLog("n1", "VRRP instance vip1: cannot open eth0: no permission to capture on eth0", 120);
        String list = lab.cli("n1", "vrrp:list");
        assertTrue(list, list.matches("(?s).*vip1\\s+\\|\\s+71 \\| eth0\\s+\\| FAULT .*no permission to capture on"
            + " eth0.*CAP_NET_RAW.*"));
        String status = lab.cli("n1", "vireo:status");
        assertTrue(status, status.contains("director"));
        assertTrue(lab.exec("n1", "ip", "-o", "addr", "show"), !lab.hasAddress("n1", "10.77.0.71"));
    }

    @Test
    public void anInstanceWaitsInFaultForItsInterfaceAndFollowsIt() throws Exception {
        lab.vireo("n2", "--role", "backup");
        lab.awaitLog("n2", "role backup active", 120);
        Path cfg = lab.home("n2").resolve("etc/org.vireo.vrrp.instance-spare.cfg");
        Files.writeString(cfg, "name = spare\ninterfaceName = eth1\nvrid = 72\npriority = 100\n"
            + "advertIntervalMillis = 100\nvirtualAddresses = 10.77.0.72\n");
        lab.awaitLog("n2", "VRRP instance spare: cannot open eth1: no interface eth1 on this node \\(it has: eth0, lo\\)",
            60);
        String list = lab.cli("n2", "vrrp:list");
        assertTrue(list, list.matches("(?s).*spare\\s+\\|\\s+72 \\| eth1\\s+\\| FAULT .*no interface eth1.*"));

        // the interface appears (a veth pair inside the node's namespace): the instance starts by itself
        lab.exec("n2", "ip", "link", "add", "eth1", "type", "veth", "peer", "name", "eth1p");
        lab.exec("n2", "ip", "addr", "add", "192.0.2.2/24", "dev", "eth1");
        lab.exec("n2", "ip", "link", "set", "eth1p", "up");
        lab.exec("n2", "ip", "link", "set", "eth1", "up");
        lab.awaitLog("n2", "VRRP instance spare: eth1 is usable again", 30);
        lab.awaitLog("n2", "spare .*BACKUP -> MASTER", 10);
        lab.awaitAddress("n2", "10.77.0.72", true, 5);

        // and it goes away again: FAULT, the VIP with it
        lab.exec("n2", "ip", "link", "del", "eth1");
        lab.awaitLog("n2", "VRRP instance spare: eth1 failed: no interface eth1", 10);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String now = lab.cli("n2", "vrrp:list");
        while (!now.matches("(?s).*spare .* FAULT .*") && System.nanoTime() < end) {
            Thread.sleep(200);
            now = lab.cli("n2", "vrrp:list");
        }
        assertTrue(now, now.matches("(?s).*spare\\s+\\|\\s+72 \\| eth1\\s+\\| FAULT .*"));
        lab.awaitAddress("n2", "10.77.0.72", false, 5);
    }
}
