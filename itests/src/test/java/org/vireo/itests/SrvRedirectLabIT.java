package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.Test;

/**
 * The SRV redirect balancer on two scanning nodes of one cluster, as clients meet it, over HTTPS with each node's
 * cluster certificate (the client trusts the cluster CA): both nodes' login endpoints answer for themselves while
 * they carry alike; with n1 loaded (client connections held open on its proxy), a new
 * client that asks n1 is sent to n2, and n2 answers it; when n2 stops, n1 sends nobody to it and answers its
 * clients itself.
 */
public class SrvRedirectLabIT extends LabTestSupport {

    private static final List<String> NODES = List.of("n1", "n2");
    private static final String LOGIN = "/vireo/login";
    /** Connections held on n1's proxy: with connectionsAtFullLoad = 10, a load score 3 above any CPU noise. */
    private static final int HELD = 30;

    public SrvRedirectLabIT() {
        super("sr", 2);
    }

    /** The endpoint speaks HTTPS with each node's cluster certificate (cluster:issue-cert, --ip). */
    private static String login(String node) {
        return "https://" + Lab.ip(node) + ":8480" + LOGIN;
    }

    /** The cluster CA's certificate, which the client trusts. */
    private String ca() {
        return lab.home("n1").resolve("etc/vireo/cluster/ca/ca.crt").toString();
    }

    /** curl from the client: "status redirect-url" (redirects not followed); curl's error if it got no answer. */
    private String ask(String node) throws Exception {
        return lab.tryRun(30, List.of(), "exec", "c", "curl", "-sS", "--cacert", ca(), "--max-time", "5", "-o",
            "/dev/null", "-w", "%{http_code} %{redirect_url}", login(node)).output().trim();
    }

    /** curl from the client, redirects followed with -L when asked: the body. */
    private String body(String node, boolean follow) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("exec", "c", "curl", "-sS", "--cacert", ca(),
            "--max-time", "5"));
        if (follow) {
            args.add("-L");
        }
        args.add(login(node));
        return lab.run(30, args.toArray(new String[0]));
    }

    /** Asks {@code node} until it answers {@code expected} (an event: the next registry report); bounded. */
    private String awaitAnswer(String node, String expected, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        String answer = ask(node);
        while (!answer.equals(expected)) {
            assertTrue(node + " still answers '" + answer + "', not '" + expected + "'\n"
                + lab.cli(node, "srv:redirects"), System.nanoTime() < end);
            Thread.sleep(200);
            answer = ask(node);
        }
        return answer;
    }

    /** A node's load score in srv:redirects' table (-1 when not shown). */
    private static double score(String shown, String node) {
        return shown.lines().filter(l -> l.startsWith(node + " ")).map(l -> l.split("\\|"))
            .filter(cells -> cells.length > 2 && cells[2].trim().matches("[0-9.]+"))
            .mapToDouble(cells -> Double.parseDouble(cells[2].trim())).findFirst().orElse(-1);
    }

    /** Runs srv:redirects on {@code node} until its output satisfies {@code wanted} (the next reports); bounded. */
    private void awaitRedirects(String node, java.util.function.Predicate<String> wanted, int seconds)
        throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        String shown = lab.cli(node, "srv:redirects");
        while (!wanted.test(shown)) {
            assertTrue("srv:redirects on " + node + ":\n" + shown, System.nanoTime() < end);
            Thread.sleep(200);
            shown = lab.cli(node, "srv:redirects");
        }
    }

    @Test
    public void aLoadedNodeSendsNewClientsToTheOtherAndNoneToANodeThatIsDown() throws Exception {
        Path cfg = Files.createTempDirectory("vireo-srv-lab").resolve("org.vireo.srv.redirect.cfg");
        Files.writeString(cfg, "enabled = true\nport = 8480\npath = " + LOGIN + "\nservice = vireo-proxy\n"
            + "margin = 0.5\nconnectionsAtFullLoad = 10\n");
        for (String n : NODES) {
            lab.vireo(n, "--role", "scanner", "--cfg", cfg.toString());
        }
        for (String n : NODES) {
            lab.awaitLog(n, "HTTP proxy listening on", 120);
            lab.awaitLog(n, "srv: redirect balancer listening on .*:8480", 60);
        }
        oneCluster(List.of("n1", "n2"));
        // HTTPS: each node's endpoint takes its cluster keystore (node-local PID, written as an operator would)
        for (String n : NODES) {
            writeEtc(n, "org.vireo.srv.redirect.local.cfg", "keystore = "
                + lab.home(n).resolve("etc/vireo/cluster/node.p12") + "\n" + "keystorePassword = pw-" + n + "\n");
        }
        for (String n : NODES) {
            lab.awaitLog(n, "srv: redirect balancer listening on .*:8480 .*\\(HTTPS\\)", 60);
        }

        // each node hears the other offer the service (its next report), then, alike, each answers its own clients
        for (String n : NODES) {
            String other = n.equals("n1") ? "n2" : "n1";
            awaitRedirects(n, shown -> shown.lines().anyMatch(l -> l.startsWith(other) && l.contains("| yes")
                && l.contains(login(other))), 30);
        }
        // the same report shows in cluster:members (the service's name; its URL is srv:redirects')
        String members = lab.cli("n1", "cluster:members");
        assertTrue("cluster:members on n1:\n" + members, members.lines().anyMatch(l -> l.startsWith("n2")
            && l.contains("vireo-proxy")));
        awaitAnswer("n1", "200", 30);
        awaitAnswer("n2", "200", 30);

        // n1 loaded: clients' connections held open on its proxy (re-opened should the proxy's idle timeout close one)
        holdProxyConnections("n1", HELD, 150);

        // n1's report carries the held connections (the scanner samples every second; an answered request also
        // counts on its node until then, so only the score proves the load itself arrived)
        awaitRedirects("n1", shown -> score(shown, "n1") >= HELD / 10.0, 30);
        String sent = awaitAnswer("n1", "302 " + login("n2") + "?vireo-redirected-by=n1", 30);
        String followed = body("n1", true);
        assertTrue(sent + " then " + followed, followed.startsWith("{\"node\":\"n2\",\"service\":\"vireo-proxy\""));
        String direct = body("n2", false);
        assertTrue(direct, direct.startsWith("{\"node\":\"n2\""));
        String shown = lab.cli("n1", "srv:redirects");
        assertTrue(shown, shown.contains("A new client here now: 302 to n2 (" + login("n2") + ")"));
        assertTrue(shown, shown.contains("redirected (302)") && !shown.contains(" 0 redirected (302)"));
        String load = lab.cli("n1", "scanner:load");
        String active = load.lines().filter(l -> l.contains("Active connections")).findFirst().orElseThrow();
        assertTrue(load, Integer.parseInt(active.replaceAll("[^0-9]", "")) >= HELD);

        // n2 stops: once it is stale n1 sends nobody there and serves its clients itself, loaded as it is
        lab.run(90, "vireo-stop", "n2");
        awaitAnswer("n1", "200", 30);
        String self = body("n1", false);
        assertTrue(self, self.startsWith("{\"node\":\"n1\""));
        String after = lab.cli("n1", "srv:redirects");
        String n2 = after.lines().filter(l -> l.startsWith("n2")).findFirst().orElseThrow();
        assertTrue(after, n2.contains("no: stale"));
        assertEquals(after, "A new client here now: 200, served by this node",
            after.lines().filter(l -> l.startsWith("A new client")).findFirst().orElseThrow());
    }
}
