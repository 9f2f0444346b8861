package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.Test;

/**
 * The dynamic SRV responder on two scanning nodes of one cluster, asked as resolvers and operators ask it (dig, from
 * the client's namespace) and through Vireo's own resolver and connector (srv:resolve, srv:connect): both members give
 * the same answer; when n1's load rises (client connections held open on its proxy) its weight falls below n2's; a
 * node killed drops out of the answer within the registry's staleness bound; with no node offering the service the
 * answer is the target "."; malformed, oversized and flooding queries are answered or dropped and the responder goes
 * on. One lab for every step.
 */
public class SrvDnsLabIT extends LabTestSupport {

    private static final List<String> NODES = List.of("n1", "n2");
    private static final String ZONE = "vpn.lab";
    private static final String SRV = "_vireo-proxy._tcp." + ZONE;
    /** Connections held on n1's proxy: with connectionsAtFullLoad = 10, a load score of 3 (weight 1). */
    private static final int HELD = 30;
    /** The registry marks a node stale 2.5 s after its last report, which came at most 1 s before it died. */
    private static final long STALE_BOUND_MILLIS = 2500 + 1000;

    public SrvDnsLabIT() {
        super("sd", 2);
    }

    /** dig from the client's namespace, asking {@code node}'s responder; its whole output. */
    private String dig(String node, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("exec", "c", "dig", "@" + Lab.ip(node), "+time=2",
            "+tries=2", "+norecurse"));
        command.addAll(List.of(args));
        return lab.tryRun(30, List.of(), command.toArray(new String[0])).output();
    }

    /** The SRV answer from {@code node} as target -> "priority weight port", sorted by target. */
    private Map<String, String> srv(String node) throws Exception {
        Map<String, String> out = new TreeMap<>();
        for (String line : dig(node, "+short", SRV, "SRV").trim().split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 4) {
                out.put(f[3], f[0] + " " + f[1] + " " + f[2]);
            }
        }
        return out;
    }

    private static int weight(Map<String, String> answer, String node) {
        String r = answer.get(node + "." + ZONE + ".");
        return r == null ? -1 : Integer.parseInt(r.split(" ")[1]);
    }

    /** Asks {@code node} until its SRV answer satisfies {@code wanted} (the next reports); bounded; the answer. */
    private Map<String, String> awaitSrv(String node, Predicate<Map<String, String>> wanted, int seconds)
        throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        Map<String, String> answer = srv(node);
        while (!wanted.test(answer)) {
            assertTrue(node + " answers " + answer + "\n" + lab.cli(node, "srv:dns"), System.nanoTime() < end);
            Thread.sleep(100); // dig in the namespace takes as long again: a few queries a second
            answer = srv(node);
        }
        return answer;
    }

    private static final String REDIRECT = "enabled = true\nport = 8480\npath = /vireo/login\nservice = vireo-proxy\n"
        + "margin = 0.5\nconnectionsAtFullLoad = 10\n";

    @Test
    public void weightsFollowLoadAndAStoppedNodeLeavesTheAnswer() throws Exception {
        Path dir = Files.createTempDirectory("vireo-dns-lab");
        // the redirect endpoint is the service the nodes offer in the registry (vireo-proxy, port 8480)
        Path redirect = dir.resolve("org.vireo.srv.redirect.cfg");
        Files.writeString(redirect, REDIRECT);
        Path dns = dir.resolve("org.vireo.srv.dns.cfg");
        Files.writeString(dns, "enabled = true\nport = 53\nzone = " + ZONE + "\nservices = vireo-proxy\nttl = 5\n"
            + "nameServers = n1, n2\nconnectionsAtFullLoad = 10\nrateLimit = 50\nrateBurst = 100\n");
        // srv:connect reaches the endpoint over plain HTTP at its login path
        Path srvCfg = dir.resolve("org.vireo.srv.cfg");
        Files.writeString(srvCfg, "service = _vireo-proxy._tcp\nscheme = http\npath = /vireo/login\n");
        for (String n : NODES) {
            lab.vireo(n, "--role", "scanner", "--cfg", redirect.toString(), "--cfg", dns.toString(), "--cfg",
                srvCfg.toString());
        }
        for (String n : NODES) {
            lab.awaitLog(n, "HTTP proxy listening on", 120);
            lab.awaitLog(n, "srv: DNS responder for vpn.lab. listening on", 60);
        }
        oneCluster(List.of("n1", "n2"));

        // both nodes in the answer of both members, with their addresses; the same answer from each
        long sameSince = System.nanoTime();
        awaitSrv("n1", a -> a.size() == 2, 30);
        Map<String, String> fromN1 = srv("n1");
        Map<String, String> fromN2 = srv("n2");
        while (!fromN1.equals(fromN2) || fromN1.size() != 2) { // the reports arrive at each a moment apart
            assertTrue(fromN1 + " from n1, " + fromN2 + " from n2",
                System.nanoTime() - sameSince < TimeUnit.SECONDS.toNanos(30));
            fromN1 = srv("n1");
            fromN2 = srv("n2");
        }
        String full = dig("n2", SRV, "SRV");
        assertTrue(full, full.contains("flags: qr aa;") && full.contains("ANSWER: 2,"));
        assertTrue(full, full.contains("n1." + ZONE + ".\t\t5\tIN\tA\t" + Lab.ip("n1")));
        assertTrue(full, full.contains("n2." + ZONE + ".\t\t5\tIN\tA\t" + Lab.ip("n2")));
        String ns = dig("n1", ZONE, "NS");
        assertTrue(ns, ns.contains("flags: qr aa;") && ns.contains("ANSWER: 2,"));
        assertTrue(dig("n1", "nowhere." + ZONE, "A"), dig("n1", "nowhere." + ZONE, "A")
            .contains("status: NXDOMAIN"));
        assertTrue(dig("n1", "example.com", "A"), dig("n1", "example.com", "A").contains("status: REFUSED"));
        // the lab's nodes share one machine, whose CPU share is in each node's score: a weight shows a node's own load
        // only while the machine is not saturated (then every score is 1 or more, every weight 1); await such a report
        Map<String, String> idle = awaitSrv("n1", a -> a.size() == 2 && weight(a, "n1") > 1 && weight(a, "n2") > 1,
            60);

        // n1 loaded: its weight falls to 1, below n2's
        holdProxyConnections("n1", HELD, 120);
        Map<String, String> loaded = awaitSrv("n2", a -> weight(a, "n1") == 1 && weight(a, "n2") > 1, 60);
        System.out.println("SrvDnsLabIT: idle " + idle + ", n1 loaded " + loaded);

        // Vireo's own resolver and connector through the responder (n1's, asked from n1)
        String resolved = lab.cli("n1", "srv:resolve --dns " + Lab.ip("n1") + " " + ZONE);
        assertTrue(resolved, resolved.contains("n1." + ZONE) && resolved.contains("n2." + ZONE));
        String connected = lab.cli("n1", "srv:connect --dns " + Lab.ip("n1") + " " + ZONE);
        assertTrue(connected, connected.contains("connected: http://") && connected.contains(":8480/vireo/login"));

        // malformed, oversized and flooding queries: answered or dropped, and the responder goes on
        String abuse = lab.run(60, "exec", "c", "python3", "-c", String.join("\n",
            "import socket, struct",
            "u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); u.settimeout(0.5)",
            "a = ('" + Lab.ip("n1") + "', 53)",
            "q = bytes.fromhex('abcd01000001000000000000') + b'\\x02n1\\x03vpn\\x03lab\\x00\\x00\\x01\\x00\\x01'",
            "for junk in [b'\\x00', q[:14], q + b'\\xff' * 3000, b'\\xff' * 20000, q[:2] + b'\\x80' + q[3:]]:",
            "    u.sendto(junk, a)",
            "t = socket.create_connection(a, timeout=2)",
            "t.sendall(struct.pack('!H', 40000) + b'\\x00' * 100); t.close()",
            "answered = 0",
            "for i in range(400):",
            "    u.sendto(q, a)",
            "u.settimeout(0.3)",
            "try:",
            "    while True:",
            "        u.recvfrom(4096); answered += 1",
            "except socket.timeout:",
            "    pass",
            "print('answered', answered)"));
        int answered = Integer.parseInt(abuse.replaceAll("(?s).*answered (\\d+).*", "$1"));
        // rateBurst 100 at once (plus what the rate refills while they arrive), far from all 400 (and the junk
        // before: the responder answers a malformed query with FORMERR when its header can be read)
        assertTrue(abuse, answered >= 50 && answered < 300);
        String dnsShown = lab.cli("n1", "srv:dns");
        assertTrue(dnsShown, dnsShown.contains("rate-limited") && dnsShown.contains("formerr"));
        // the flood's bucket refills at 50/s: dig from the same client is answered again shortly
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!dig("n1", "n1." + ZONE, "A").contains("status: NOERROR")) {
            assertTrue("n1 does not answer after the flood", System.nanoTime() < end);
            Thread.sleep(200);
        }

        // n2 killed: it leaves n1's answer within the staleness bound (plus a query's round trip)
        String killed = lab.run(30, "kill", "n2");
        long killedAt = Lab.signalMillis(killed);
        awaitSrv("n1", a -> weight(a, "n2") < 0 && a.size() == 1, 15);
        long gone = System.currentTimeMillis() - killedAt;
        System.out.println("SrvDnsLabIT: n2 left n1's answer " + gone + " ms after its SIGKILL");
        assertTrue("n2 left the answer " + gone + " ms after it was killed", gone <= STALE_BOUND_MILLIS + 1500);

        // no node offers the service (the endpoint turned off: replicated, n2 being down only n1 applies it): "."
        writeEtc("n1", "org.vireo.srv.redirect.cfg", REDIRECT.replace("enabled = true", "enabled = false"));
        awaitSrv("n1", a -> a.containsKey("."), 30);
        assertEquals("0 0 0", srv("n1").get("."));
        String unavailable = lab.cli("n1", "srv:resolve --dns " + Lab.ip("n1") + " " + ZONE);
        assertTrue(unavailable, unavailable.toLowerCase(java.util.Locale.ROOT).contains("not available"));
    }
}
