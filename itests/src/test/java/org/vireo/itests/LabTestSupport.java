package org.vireo.itests;

import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.After;
import org.junit.Before;

/** A lab of its own for each test of a class: up before, down (logs kept) after. */
abstract class LabTestSupport {

    /** The origin web server's address and port in the lab ({@link #startOrigin}). */
    protected static final String ORIGIN = "10.77.0.200";
    protected static final int ORIGIN_PORT = 8080;
    protected static final String ORIGIN_BODY = "hello from the origin\n";

    protected Lab lab;
    private final String prefix;
    private final int nodes;

    /** @param prefix the lab's name prefix (2-3 letters); {@code nodes}: how many appliance namespaces */
    protected LabTestSupport(String prefix, int nodes) {
        this.prefix = prefix;
        this.nodes = nodes;
    }

    @Before
    public void labUp() throws Exception {
        lab = new Lab(prefix, nodes);
    }

    @After
    public void labDown() throws Exception {
        lab.close();
    }

    /** Waits until {@code vip} is on {@code owner} and not on {@code other}. */
    protected void awaitVipMoved(String vip, String owner, String other) throws Exception {
        lab.awaitAddress(owner, vip, true, 5);
        lab.awaitAddress(other, vip, false, 5);
    }

    /** python's web server in the origin's namespace, serving one page; waits (bounded) until it answers. */
    protected void startOrigin() throws Exception {
        Path root = Files.createTempDirectory("vireo-origin");
        Files.writeString(root.resolve("index.html"), ORIGIN_BODY);
        Path log = root.resolve("http.log");
        lab.run(30, "spawn", "o", log.toString(), "python3", "-m", "http.server", String.valueOf(ORIGIN_PORT),
            "--bind", ORIGIN, "--directory", root.toString());
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (lab.tryRun(10, List.of(), "exec", "c", "curl", "-sf", "-o", "/dev/null",
            "http://" + ORIGIN + ":" + ORIGIN_PORT + "/").exit() != 0) {
            assertTrue("the origin does not answer: " + Files.readString(log), System.nanoTime() < end);
            Thread.sleep(100);
        }
    }
}
