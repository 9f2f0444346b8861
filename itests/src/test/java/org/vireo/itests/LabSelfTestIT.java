package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.junit.Test;

/**
 * The network-namespace lab (lab/lab.sh) that multi-node tests stand on: its self-test brings up three
 * nodes, a client and an origin on a bridge, checks reachability, multicast, cable cuts, repair and a
 * clean teardown that leaves the root namespace as it was. Needs root, as CI has.
 */
public class LabSelfTestIT {

    @Test
    public void theLabComesUpWorksAndLeavesNothingBehind() throws Exception {
        File script = new File(System.getProperty("vireo.lab"), "lab-selftest.sh");
        ProcessBuilder pb = new ProcessBuilder("bash", script.getPath()).redirectErrorStream(true);
        pb.environment().put("LAB", "it" + ProcessHandle.current().pid() % 100_000); // never collides with a developer's lab
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue("the lab self-test did not finish in 5 minutes:\n" + out, p.waitFor(5, TimeUnit.MINUTES));
        assertEquals("the lab self-test failed:\n" + out, 0, p.exitValue());
        assertTrue(out, out.matches("(?s).*\\n\\d+ passed, 0 failed\\n.*"));
    }
}
