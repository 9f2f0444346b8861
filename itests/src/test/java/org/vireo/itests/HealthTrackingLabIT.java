package org.vireo.itests;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.Test;

/**
 * Health tracking on two appliances: each runs a web server (python's http.server on its loopback) and a
 * monitor of it, and tracks that monitor for its VRRP instance in mode ALL. Stopping the master's web server
 * makes its effective priority 0, so the backup takes the VIP within check interval x fall +
 * Master_Down_Interval; starting it again gives the VIP back (preempt on).
 */
public class HealthTrackingLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.71";
    private static final int ADVERT_MILLIS = 100;
    private static final int CHECK_MILLIS = 500;
    private static final int RISE = 2;
    private static final int FALL = 2;
    private static final int WEB_PORT = 8080;

    public HealthTrackingLabIT() {
        super("ht", 2);
    }

    private void startVireo(String node, String role, int priority) throws Exception {
        Path dir = Files.createTempDirectory("vireo-ht-" + node);
        Path monitor = dir.resolve("org.vireo.health.monitor-web.cfg");
        Files.write(monitor, List.of("name = web", "type = http", "url = http://127.0.0.1:" + WEB_PORT + "/",
            "intervalMillis = " + CHECK_MILLIS, "timeoutMillis = 400", "rise = " + RISE, "fall = " + FALL));
        Path track = dir.resolve("org.vireo.health.track-vip1.cfg");
        Files.write(track, List.of("instance = vip1", "mode = ALL", "monitors = web"));
        List<String> args = new ArrayList<>(List.of("--role", role, "--vrid", "71", "--priority",
            String.valueOf(priority), "--interval-ms", String.valueOf(ADVERT_MILLIS), "--vip", VIP,
            "--cfg", monitor.toString(), "--cfg", track.toString()));
        lab.vireo(node, args.toArray(new String[0]));
    }

    @Test
    public void aMasterWhoseTrackedServiceStopsHandsItsVipOverAndTakesItBack() throws Exception {
        long web1 = startWeb("n1", WEB_PORT);
        startWeb("n2", WEB_PORT);
        startVireo("n1", "director", 150);
        startVireo("n2", "backup", 100);
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 120);
        lab.awaitLog("n2", "vip1 .*INITIALIZE -> BACKUP", 120);
        awaitVipMoved(VIP, "n1", "n2");
        // tracking was there from the start: n1 waited for its monitor, instead of taking the VIP at its base
        // priority and dropping it when the tracking came up
        String boot = Files.readString(lab.home("n1").resolve("data/log/karaf.log"));
        assertFalse(boot, boot.contains("MASTER -> BACKUP"));

        long stopped = System.currentTimeMillis();
        stopWeb(web1);
        long tookOver = Lab.logMillis(lab.awaitLog("n2", "vip1 .*BACKUP -> MASTER", 30));
        long bound = (long) CHECK_MILLIS * FALL + Lab.masterDownMillis(ADVERT_MILLIS, 100);
        assertTrue("n2 took over " + (tookOver - stopped) + " ms after n1's web server stopped; bound " + bound
            + " ms (check interval x fall + Master_Down_Interval)", tookOver - stopped <= bound);
        awaitVipMoved(VIP, "n2", "n1");
        String track = lab.cli("n1", "health:track");
        assertTrue(track, track.matches("(?s).*vip1.*ALL.*150.*\\b0\\b.*web.*"));
        String list = lab.cli("n1", "health:list");
        assertTrue(list, list.matches("(?s).*web.*DOWN.*"));
        String vrrp = lab.cli("n1", "vrrp:list");
        assertTrue(vrrp, vrrp.contains("150/0"));

        startWeb("n1", WEB_PORT);
        lab.awaitLog("n2", "vip1 .*MASTER -> BACKUP", 30); // n1 preempted, once its monitor rose again
        awaitVipMoved(VIP, "n1", "n2");
    }
}
