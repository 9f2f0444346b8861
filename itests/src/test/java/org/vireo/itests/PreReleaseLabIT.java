package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import org.junit.Test;

/**
 * Issue 23: a pre-release hook holds a master's graceful release of its VIP, and only for its bound. n1 (priority
 * 150) is master, n2 (100) backup, adverts every 100 ms; n1 has a hook with {@code holdReleaseSeconds = 3} that
 * takes 1.5 s before a resignation and 30 s before a stop. {@code vrrp:resign}: n2 takes over from n1's priority-0
 * advert only once the hook has ended, and not before (n1 advertised meanwhile: no Master_Down take-over). n1 takes
 * the VIP back: n2, preempted, does not run its own hook (a preemption never waits). SIGTERM:
 * n2 takes over from the priority-0 advert 3 s after the signal, the hook's hold, though the hook still runs. At the
 * start, n1's VRRPv3-MIB agent is walked with net-snmp's snmpwalk.
 *
 * <p>Times: the hook's bash {@code EPOCHREALTIME}, karaf.log's time stamps (milliseconds) and lab.sh's signal time
 * are all the host's real-time clock (network namespaces share it).
 */
public class PreReleaseLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.53";
    private static final int HOLD_SECONDS = 3;
    /** One line as it starts (its time, its state argument, the cause), one as it ends. */
    private static final String HOOK = "#!/bin/bash\n"
        + "printf 'start %s %s %s\\n' \"$EPOCHREALTIME\" \"$3\" \"$VIREO_CAUSE\" >> \"$(dirname \"$0\")/pre-release.txt\"\n"
        + "case \"$VIREO_CAUSE\" in resigning*) sleep 1.5 ;; *) sleep 30 ;; esac\n"
        + "printf 'end %s\\n' \"$EPOCHREALTIME\" >> \"$(dirname \"$0\")/pre-release.txt\"\n";
    private static final String N2_MASTER = "vip1 .*BACKUP -> MASTER";
    private static final String TAKE_OVER_FROM_PRIORITY_0 = "vip1 .*BACKUP -> MASTER at priority 100: the master "
        + Lab.ip("n1").replace(".", "\\.") + " stepped down \\(priority 0\\)";

    public PreReleaseLabIT() {
        super("pr", 2);
    }

    @Test
    public void aResignationWaitsForThePreReleaseHooksEnd_andAStopForItsHoldAtMost() throws Exception {
        Path hook = lab.file("drain.sh", HOOK);
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path hookCfg = lab.file("org.vireo.notify.hook-drain.cfg", "name = drain\ncommand = " + hook
            + "\nevents =\nholdReleaseSeconds = " + HOLD_SECONDS + "\ntimeoutSeconds = 60\n");
        // and n1's VRRPv3-MIB agent, on a port of n1's loopback, read with net-snmp's snmpwalk
        Path agentCfg = lab.file("org.vireo.notify.snmp.agent.cfg", "enabled = true\naddress = 127.0.0.1\nport = 1161"
            + "\ncommunity = lab-readonly\n");
        // n2 has the hook too: when n1 takes the VIP back, n2 is preempted, which must not wait for it
        startDirectorAndBackup(VIP, 100, List.of("--cfg", hookCfg.toString(), "--cfg", agentCfg.toString()),
            "--cfg", hookCfg.toString());
        Path record = hook.resolveSibling("pre-release.txt");
        theAgentShowsWhatVrrpShowShows();

        // n2 may have flapped while the two JVMs were booting: what counts is what it does from here on
        int n2Masters = lab.logLines("n2", N2_MASTER).size();
        int n2Backups = lab.logLines("n2", "vip1 .*MASTER -> BACKUP").size();
        lab.cli("n1", "vrrp:resign --hold-off 5 vip1"); // returns once the release is done
        String tookOver = lab.awaitLog("n2", TAKE_OVER_FROM_PRIORITY_0, 30);
        List<String> runs = Files.readAllLines(record);
        String figures = "hook runs: " + runs + "\n  n2: " + tookOver;
        assertEquals(figures, 2, runs.size());
        assertTrue(figures, runs.get(0).matches("start \\S+ PRE_RELEASE resigning for 5 s"));
        double hookStarted = seconds(runs.get(0), 1) * 1000;
        double hookEnded = seconds(runs.get(1), 1) * 1000;
        long n2Master = Lab.logMillis(tookOver);
        System.out.println(String.format(Locale.ROOT, "PreReleaseLabIT: resign: hook ran %.0f ms; n2 master %.0f ms"
            + " after the hook started, %.0f ms after it ended", hookEnded - hookStarted, n2Master - hookStarted,
            n2Master - hookEnded));
        assertTrue("n2 took over before the hook ended: " + figures, n2Master >= hookEnded);
        List<String> masters = lab.logLines("n2", N2_MASTER);
        assertEquals("n2 took over otherwise than from n1's priority 0 (n1 fell silent during the hold?): " + masters,
            List.of(tookOver), masters.subList(n2Masters, masters.size()));

        // n1 takes its VIP back after the 5 s hold-off, then stops: the hook would take 30 s, its hold is 3 s
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER at priority 150: preempted", 60);
        lab.awaitLogLines("n2", "vip1 .*MASTER -> BACKUP", n2Backups + 1, 30);
        assertEquals("n2's preemption ran its pre-release hook: " + Files.readAllLines(record), 2,
            Files.readAllLines(record).size());
        long signalled = Lab.signalMillis(lab.run(120, "vireo-stop", "n1"));
        List<String> again = lab.awaitLogLines("n2", TAKE_OVER_FROM_PRIORITY_0, 2, 30);
        long held = Lab.logMillis(again.get(1)) - signalled;
        runs = Files.readAllLines(record);
        figures = "n2 master " + held + " ms after n1's SIGTERM; hook runs: " + runs + "\n  n2: " + again;
        System.out.println("PreReleaseLabIT: stop: " + figures);
        assertEquals(figures, 3, runs.size()); // the stop's run has started, not ended
        assertTrue(figures, runs.get(2).matches("start \\S+ PRE_RELEASE stopping: the node shuts down"));
        assertTrue("the release did not wait for the hold: " + figures, held >= HOLD_SECONDS * 1000);
        assertTrue("the release waited far past the hold: " + figures, held < HOLD_SECONDS * 1000 + 5000);
    }

    /**
     * Issue 23: n1's agent, in the real distribution on a real interface, serves vip1's row of vrrpv3OperationsTable
     * with the state and priority vrrp:show gives (status master(3), priority 150).
     */
    private void theAgentShowsWhatVrrpShowShows() throws Exception {
        String shown = lab.cli("n1", "vrrp:show vip1");
        assertTrue(shown, shown.matches("(?s).*MASTER.*") && shown.matches("(?s).*\\b150\\b.*"));
        String walk = lab.exec("n1", "snmpwalk", "-v2c", "-c", "lab-readonly", "-On", "-Oq", "-t", "2", "-r", "5",
            "127.0.0.1:1161", ".1.3.6.1.2.1.207.1.1.1.1");
        String row = "\\d+\\.51\\.1 ";
        assertTrue("status is not master(3): " + walk + "\nvrrp:show: " + shown,
            walk.matches("(?s).*\\.1\\.3\\.6\\.1\\.2\\.1\\.207\\.1\\.1\\.1\\.1\\.6\\." + row + "3\\b.*"));
        assertTrue("priority is not 150: " + walk + "\nvrrp:show: " + shown,
            walk.matches("(?s).*\\.1\\.3\\.6\\.1\\.2\\.1\\.207\\.1\\.1\\.1\\.1\\.7\\." + row + "150\\b.*"));
    }

    /** The word at {@code index} of a line, a time in seconds. */
    private static double seconds(String line, int index) {
        return Double.parseDouble(line.split(" ")[index]);
    }
}
