package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.Test;

/**
 * A scanning node in the lab, as a client meets it: curl in the client's namespace uses the node as its proxy
 * for a web server in the origin's namespace. An allowed request reaches the origin; a host the rules block gets
 * the block page without reaching anything; both are in the node's access log; and the rules file the
 * distribution ships (private ranges only) lets a lab client through. scanner:check, scanner:rules and
 * scanner:load answer on the running node.
 */
public class ScannerLabIT extends LabTestSupport {

    private static final String PROXY = "http://10.77.0.11:3128";

    public ScannerLabIT() {
        super("sc", 1);
    }

    /** curl through the proxy from the client: the status code, then the body. */
    private String viaProxy(String url) throws Exception {
        return lab.run(30, curlVia(PROXY, url));
    }

    @Test
    public void allowedRequestsReachTheOriginBlockedOnesGetTheBlockPageAndBothAreLogged() throws Exception {
        startOrigin();
        lab.vireo("n1", "--role", "scanner");
        lab.awaitLog("n1", "HTTP proxy listening on", 120);
        lab.awaitLog("n1", "rules .*rules.conf in force", 60);

        String allowed = viaProxy(ORIGIN_URL);
        assertTrue(allowed, allowed.startsWith(ORIGIN_BODY));
        assertTrue(allowed, allowed.endsWith("200\n"));

        // the rules a node starts with: a blocked domain above the shipped rules, written as an operator would
        Path rules = lab.home("n1").resolve("etc/vireo/rules.conf");
        Path next = rules.resolveSibling("rules.conf.new");
        Files.writeString(next, "rule lab-block block \"blocked in the lab\" domain blocked.example\n"
            + Files.readString(rules));
        Files.move(next, rules, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
            java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        lab.awaitLog("n1", "rules .*rules.conf in force: 3 rules", 30);

        String blocked = viaProxy("http://www.blocked.example/page");
        assertTrue(blocked, blocked.endsWith("403\n"));
        assertTrue(blocked, blocked.contains("lab-block"));
        assertTrue(blocked, blocked.contains("blocked in the lab"));
        assertTrue(blocked, blocked.contains("http://www.blocked.example/page"));

        // what the operator's commands say about the same node
        String check = lab.cli("n1", "scanner:check --client 10.77.0.100 http://www.blocked.example/page");
        assertTrue(check, check.contains("verdict: block (rule lab-block): blocked in the lab"));
        String shown = lab.cli("n1", "scanner:rules");
        assertTrue(shown, shown.contains("lab-block") && shown.contains("local-clients"));
        String load = lab.cli("n1", "scanner:load");
        assertTrue(load, load.contains("Active connections") && load.contains("Requests last second"));

        Path access = lab.home("n1").resolve("data/log/access.log");
        // written by the log's own thread, flushed once its queue is empty
        Files2.awaitFileMatches(access, "(?s)(.*\n){2,}", 30_000);
        List<String> lines = Files.readAllLines(access);
        assertEquals("one line per request: " + lines, 2, lines.size());
        assertTrue(lines.get(0), lines.get(0).contains("\"target\":\"http://" + ORIGIN + ":" + ORIGIN_PORT + "/\"")
            && lines.get(0).contains("\"status\":200") && lines.get(0).contains("\"client\":\"10.77.0.100\""));
        assertTrue(lines.get(1), lines.get(1).contains("\"status\":403")
            && lines.get(1).contains("\"rule\":\"lab-block\""));
    }
}
