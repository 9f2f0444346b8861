package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.Test;

/**
 * Config sync between three real nodes in the lab, as an operator sets it up and meets it: credentials made with
 * the shell (cluster:init-ca, cluster:issue-cert), each node's etc/org.vireo.cluster.cfg written, then
 * <ul>
 * <li>a rule added on one node is in force on all three, and what travels between them is TLS (a capture holds
 *     none of the rule's text); a health monitor configured from an etc/ file on one node is configured on all;</li>
 * <li>the balancer's table written through one node's management API with the version read there is refused on
 *     another node with the version read there before (412, with the first node's version); emptied in its
 *     file on one node, as Karaf's file install can read it mid-write, it gets the version in force back;</li>
 * <li>a node that was down during two changes catches up when it returns;</li>
 * <li>a partition with an edit on each side heals to one rules file on every node, with the losing edit kept and
 *     listed by cluster:conflicts on every node;</li>
 * <li>a node whose certificate comes from another CA cannot join: both sides report the refusal.</li>
 * </ul>
 */
public class ClusterLabIT extends LabTestSupport {

    private static final List<String> NODES = List.of("n1", "n2", "n3");
    private static final String RULES = "etc/vireo/rules.conf";
    /** Rules in the distribution's etc/vireo/rules.conf. */
    private static final int SHIPPED_RULES = 2;

    public ClusterLabIT() {
        super("cl", 3);
    }

    /** An operator's edit of the rules file on {@code node}: a blocking rule on top, the file replaced whole. */
    private void addRule(String node, String rule, String domain) throws Exception {
        Path rules = lab.home(node).resolve(RULES);
        Path next = rules.resolveSibling("rules.conf.edit");
        Files.writeString(next, "rule " + rule + " block \"" + rule + "\" domain " + domain + "\n"
            + Files.readString(rules));
        Files.move(next, rules, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Until {@code node} has the shipped rules plus {@code added} in force. */
    private void awaitRules(String node, int added, int seconds) throws Exception {
        try {
            lab.awaitLog(node, "rules .*rules.conf in force: " + (SHIPPED_RULES + added) + " rules", seconds);
        } catch (AssertionError notInForce) {
            throw new AssertionError(notInForce.getMessage() + syncLines(), notInForce);
        }
    }

    /** The row of {@code cluster:status} for the rules file. */
    private static String rulesRow(String status) {
        return status.lines().filter(l -> l.contains("file:vireo/rules.conf")).findFirst().orElse(status);
    }

    /**
     * Until {@code node}'s {@code cluster:status} says every member holds its version of the rules file: the members
     * report their versions every second, and nothing on the node tells when the last report came in.
     */
    private void awaitRulesSameElsewhere(String node) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String row;
        while (!(row = rulesRow(lab.cli(node, "cluster:status"))).trim().endsWith("same")) {
            assertTrue(node + ": the members' versions of the rules file still differ after 30 s: " + row,
                System.nanoTime() < end);
            Thread.sleep(500);
        }
    }

    /** What each node logged of the cluster, config sync and its rules: why a change did not arrive. */
    private String syncLines() throws Exception {
        StringBuilder out = new StringBuilder();
        for (String n : NODES) {
            Path log = lab.home(n).resolve("data/log/karaf.log");
            List<String> lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                .filter(l -> l.contains("cluster: ") || l.contains("config sync: ") || l.contains(" in force: "))
                .toList() : List.of();
            out.append("\n--- ").append(n).append(": the last ").append(Math.min(40, lines.size()))
                .append(" lines of cluster, config sync and rules ---\n");
            lines.subList(Math.max(0, lines.size() - 40), lines.size()).forEach(l -> out.append(l).append('\n'));
        }
        return out.toString();
    }

    /** What the management API answered: status, ETag (quoted, as sent), body. */
    private record Api(int status, String etag, String body) {
    }

    /**
     * The balancer's table through {@code node}'s management API, over HTTPS on its management address from the
     * client's namespace, trusting the node's self-signed certificate ({@link ApiHttpsLabIT}), as its admin.
     */
    private Api api(String node, String method, String ifMatch, String json) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("exec", "c", "curl", "-sS", "--max-time", "10",
            "--cacert", apiCertificate(node).toString(), "-u", "admin:"
            + Files.readString(adminPasswordFile(node)).trim(), "-X", method, "-D", "-", "-w", "\n%{http_code}"));
        if (json != null) {
            // no Expect: 100-continue, whose interim answer would come first in the headers read here
            args.addAll(List.of("-H", "Content-Type: application/json", "-H", "Expect:", "-H", "If-Match: " + ifMatch,
                "--data-binary", json));
        }
        args.add(apiUrl(node, "config/org.vireo.balancer"));
        String out = lab.run(30, args.toArray(String[]::new)).replace("\r", "");
        int head = out.indexOf("\n\n");
        int code = out.lastIndexOf('\n');
        String etag = out.substring(0, head).lines().filter(l -> l.toLowerCase(java.util.Locale.ROOT).startsWith("etag:"))
            .map(l -> l.substring(5).trim()).findFirst().orElse("");
        return new Api(Integer.parseInt(out.substring(code + 1).trim()), etag, out.substring(head + 2, code));
    }

    private void joinWith(String node, Path keystore, String password) throws Exception {
        joinCluster(node, NODES, keystore, password);
    }

    @Test
    public void rulesChangedOnAnyNodeReachAllCatchUpAfterDowntimeAndConvergeAfterAPartition() throws Exception {
        for (String n : NODES) {
            lab.vireo(n, "--role", "scanner");
        }
        for (String n : NODES) {
            awaitRules(n, 0, 120);
        }

        // credentials, all made on n1 with the shell
        String ca = lab.cli("n1", "cluster:init-ca --name lab");
        assertTrue(ca, ca.contains("SHA-256"));
        for (String n : NODES) {
            issueClusterCert("n1", n);
        }
        Path capture = lab.home("n1").resolve("cluster.pcap");
        lab.run(30, "capture", "n1", capture.toString(), "tcp", "port", "7800");
        // n1 first: it coordinates, so each view below names its members in a known order
        joinWith("n1", lab.home("n1").resolve("etc/vireo/cluster/node.p12"), "pw-n1");
        lab.awaitLog("n1", "cluster: view [0-9]+ \\[n1\\]", 60);
        for (String n : List.of("n2", "n3")) {
            joinWith(n, lab.home(n).resolve("etc/vireo/cluster/node.p12"), "pw-" + n);
        }
        for (String n : NODES) {
            // three members, however named: a member that joined through the coordinator before this node heard of
            // it is shown by its JGroups UUID until a discovery round brings its name (seen: n3's view [n1, n3,
            // bc5d7d57-...] while n1's was [n1, n3, n2]), and no later view change names it again
            lab.awaitLog(n, "cluster: view [0-9]+ \\[n1, [^],]+, [^],]+\\]", 90);
        }

        // 1. a change on n2 is in force everywhere
        addRule("n2", "sync-secret-a", "secret-a.example");
        for (String n : NODES) {
            awaitRules(n, 1, 30);
        }
        String check = lab.cli("n3", "scanner:check http://www.secret-a.example/");
        assertTrue(check, check.contains("block (rule sync-secret-a)"));
        lab.run(30, "capture-stop", capture.toString());
        byte[] wire = Files.readAllBytes(capture);
        assertTrue("the capture holds the members' traffic: " + wire.length + " bytes", wire.length > 4000);
        String wireText = new String(wire, StandardCharsets.ISO_8859_1);
        assertFalse("the rule travels encrypted", wireText.contains("secret-a"));
        assertFalse("the rules file travels encrypted", wireText.contains("rule "));

        // a cluster-wide configuration (a health monitor, factory PID) made on n2 from an etc/ file reaches the others
        Path monitor = lab.home("n2").resolve("etc/org.vireo.health.monitor-labweb.cfg");
        Files.writeString(monitor.resolveSibling("labweb.tmp"), "name = labweb\ntype = tcp\nhost = 10.77.0.200\n"
            + "port = 8080\n");
        Files.move(monitor.resolveSibling("labweb.tmp"), monitor, StandardCopyOption.ATOMIC_MOVE);
        for (String n : List.of("n1", "n3")) {
            lab.awaitLog(n, "config sync: pid:org.vireo.health.monitor~labweb applied", 30);
            String config = lab.cli(n, "config:list '(service.pid=org.vireo.health.monitor~labweb)'");
            assertTrue(config, config.contains("host = 10.77.0.200") && config.contains("port = 8080"));
        }

        // a cluster-wide PID of a file every node ships (etc/org.vireo.balancer.cfg), changed on n2: Karaf writes
        // the cluster's version into that file on the others, so that their next start reads it, not the old text
        Path balancer = lab.home("n2").resolve("etc/org.vireo.balancer.cfg");
        Files.writeString(balancer.resolveSibling("balancer.tmp"), Files.readString(balancer)
            .replaceAll("(?m)^scanners = .*$", "scanners = 10.77.0.12:3128, 10.77.0.13:3128"));
        Files.move(balancer.resolveSibling("balancer.tmp"), balancer, StandardCopyOption.ATOMIC_MOVE);
        for (String n : List.of("n1", "n3")) {
            lab.awaitLog(n, "config sync: pid:org.vireo.balancer applied", 30);
            Files2.awaitFileMatches(lab.home(n).resolve("etc/org.vireo.balancer.cfg"),
                "(?s).*\\nscanners = .*10\\.77\\.0\\.13.*", 30_000);
        }

        // Karaf's file install truncates a .cfg file before writing it again and its watcher can read it in between
        // (seen in CI: the PID turned empty for good). n1's file emptied in place as that read finds it: the version
        // in force is written back, and no empty version reaches the others
        Path emptied = lab.home("n1").resolve("etc/org.vireo.balancer.cfg");
        Files.write(emptied, new byte[0]);
        lab.awaitLog("n1", "config sync: pid:org.vireo.balancer was found empty here", 30);
        Files2.awaitFileMatches(emptied, "(?s).*\\nscanners = .*10\\.77\\.0\\.13.*", 30_000);
        // (its first start took the shipped file in as version 0.0@n1: the one edit of n1's own there is)
        assertFalse(lab.logs("n1", "config sync: pid:org.vireo.balancer changed here, version [1-9]", 1));

        // the management API on two nodes: a version of the table read on n1 before n2's change through n2's API is
        // stale on n1 (412 with n2's version), though n1 itself never changed it. HTTPS comes up apart from the rules
        // and the cluster (a key to make, then Jetty restarts to take it): seen refused in CI after the sync above
        for (String n : List.of("n1", "n2")) {
            awaitApi(n, apiCertificate(n), "config/org.vireo.balancer", "-u", "admin:"
                + Files.readString(adminPasswordFile(n)).trim());
        }
        Api read1 = api("n1", "GET", null, null);
        Api read2 = api("n2", "GET", null, null);
        assertEquals(read2.body(), 200, read2.status());
        assertEquals("both hold the cluster's version", read1.etag(), read2.etag());
        String json = read2.body().substring(read2.body().indexOf("\"properties\":") + 13, read2.body().length() - 1);
        Api changed = api("n2", "PUT", read2.etag(), json.replaceFirst("\"slowStartSeconds\":\"\\d+\"",
            "\"slowStartSeconds\":11"));
        assertEquals(changed.body(), 200, changed.status());
        String written = changed.etag().replace("\"", "");
        assertTrue(written, written.endsWith("@n2"));
        lab.awaitLog("n1", "config sync: pid:org.vireo.balancer applied, version " + written.replace(".", "\\."), 30);
        Api stale = api("n1", "PUT", read1.etag(), json.replaceFirst("\"slowStartSeconds\":\"\\d+\"",
            "\"slowStartSeconds\":12"));
        assertEquals(stale.body(), 412, stale.status());
        assertEquals(changed.etag(), stale.etag());
        assertTrue(stale.body(), stale.body().contains("\"slowStartSeconds\":\"11\""));

        String members = lab.cli("n1", "cluster:members");
        for (String n : NODES) {
            assertTrue(members, members.contains(n));
        }
        assertTrue(members, members.contains("scanner"));

        // 2. n3 is down during two changes, and catches up when it is back
        lab.run(90, "vireo-stop", "n3");
        lab.awaitLog("n1", "cluster: node n3 is stale", 30);
        addRule("n1", "while-away-b", "b.example");
        awaitRules("n2", 2, 30);
        addRule("n2", "while-away-c", "c.example");
        awaitRules("n1", 3, 30);
        lab.vireo("n3", "--keep", "--role", "scanner");
        awaitRules("n3", 3, 120);
        assertEquals(Files.readString(lab.home("n1").resolve(RULES)), Files.readString(lab.home("n3").resolve(RULES)));
        // n3's restart read its etc/org.vireo.balancer.cfg again: the cluster's version, so no edit of its own
        String table = lab.cli("n1", "config:property-get --pid org.vireo.balancer scanners");
        assertTrue(table, table.contains("10.77.0.12:3128, 10.77.0.13:3128"));
        assertFalse(lab.logs("n3", "config sync: pid:org.vireo.balancer changed here", 1));

        // 3. a partition with an edit on each side heals to one state, the losing edit kept
        lab.run(30, "cut", "n1");
        lab.awaitLog("n2", "cluster: node n1 is stale", 30);
        lab.awaitLog("n1", "cluster: node n2 is stale", 30);
        addRule("n1", "left-side", "left.example");
        addRule("n2", "right-side", "right.example");
        awaitRules("n1", 4, 30);
        awaitRules("n3", 4, 30);
        // n2 never heard n1's edit: its last report from n1 names the version before, marked stale
        String apart = rulesRow(lab.cli("n2", "cluster:status"));
        assertTrue(apart, apart.matches(".*\\bn1 \\S+@\\S+ \\(stale\\).*"));
        lab.run(30, "heal", "n1");
        for (String n : NODES) {
            lab.awaitLog(n, "config sync: conflict on file:vireo/rules.conf", 90);
        }
        String winner = Files.readString(lab.home("n1").resolve(RULES));
        for (String n : NODES) {
            assertEquals(n + " holds the same rules", winner, Files.readString(lab.home(n).resolve(RULES)));
        }
        boolean leftWon = winner.contains("left-side");
        assertTrue(winner, leftWon != winner.contains("right-side"));
        String lostRule = leftWon ? "right-side" : "left-side";
        for (String n : NODES) {
            String conflicts = lab.cli(n, "cluster:conflicts");
            assertTrue(conflicts, conflicts.contains("file:vireo/rules.conf"));
            String version = conflicts.lines().filter(l -> l.contains("file:vireo/rules.conf")).findFirst()
                .orElseThrow().split("\\|")[1].trim();
            String lost = lab.cli(n, "cluster:conflicts --show " + version);
            assertTrue(lost, lost.contains("rule " + lostRule));
        }
        // and each member's report says so: every other member holds the version this one holds
        for (String n : NODES) {
            awaitRulesSameElsewhere(n);
        }

        // 4. a certificate from another CA: refused, and both sides say so
        lab.cli("n3", "cluster:init-ca --name rogue --dir " + lab.home("n3").resolve("rogue-ca"));
        Path rogue = lab.home("n3").resolve("etc/vireo/cluster/rogue.p12");
        lab.cli("n3", "cluster:issue-cert --dir " + lab.home("n3").resolve("rogue-ca") + " --ip " + Lab.ip("n3")
            + " --password rogue --out " + rogue + " n3");
        joinWith("n3", rogue, "rogue");
        lab.awaitLog("n3", "refused TLS peer", 60);
        lab.awaitLog("n1", "refused TLS peer", 60);
        String status = lab.cli("n3", "cluster:status");
        assertTrue(status, status.contains("TLS refusals"));
        String seen = lab.cli("n1", "cluster:members");
        String n3 = seen.lines().filter(l -> l.contains("n3")).findFirst().orElseThrow();
        assertTrue(seen, n3.contains("STALE"));
    }
}
