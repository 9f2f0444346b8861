package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import org.junit.Test;

/**
 * The management API over HTTPS as an operator's workstation meets it, from the lab's client namespace: a node with
 * a management address serves HTTPS there (and only there) with the self-signed certificate it made at its first
 * start, which curl verifies against the PEM the node wrote; plain HTTP answers on the node's loopback only. Then
 * the cluster CA issues the API's certificate (cluster:issue-cert --api), the operator points the PID at it, and the
 * node serves it without a restart: curl verifies it against the CA and no longer against the old PEM.
 */
public class ApiHttpsLabIT extends LabTestSupport {

    private static final String NODE = "n1";

    public ApiHttpsLabIT() {
        super("ah", 1);
    }

    @Test
    public void theNodeServesHttpsOnItsManagementAddressSelfSignedThenWithTheClusterCasCertificate() throws Exception {
        lab.vireo(NODE, "--role", "scanner");
        lab.awaitLog(NODE, "management API: HTTPS on " + Lab.ip(NODE) + ":8443 with the certificate CN=n1, OU=management"
            + " API, O=Vireo issued by CN=n1, OU=management API, O=Vireo", 120);
        Path home = lab.home(NODE);
        Path selfSigned = apiCertificate(NODE);
        String password = Files.readString(adminPasswordFile(NODE)).trim();

        String health = awaitApi(NODE, selfSigned, "health");
        assertEquals("{\"ready\":true,\"waitingFor\":[]}200", health);
        String node = curl(selfSigned, "node", "-u", "admin:" + password);
        assertTrue(node, node.contains("\"managementAddress\":\"" + Lab.ip(NODE) + "\"") && node.endsWith("200"));
        assertTrue(curl(selfSigned, "node").endsWith("401"));

        // where the node listens: HTTPS on the management address only, plain HTTP on loopback only
        String listening = lab.exec(NODE, "ss", "-Hltn");
        // Java's sockets are IPv6 ones: ss shows [::ffff:10.77.0.11]:8443
        assertTrue(listening, listening.matches("(?s).*" + Lab.ip(NODE).replace(".", "\\.") + "\\]?:8443\\s.*"));
        assertTrue(listening, listening.matches("(?s).*127\\.0\\.0\\.1\\]?:8181\\s.*"));
        assertFalse(listening, listening.matches("(?s).*(\\*|0\\.0\\.0\\.0|\\[::\\]):(8443|8181)\\s.*"));
        Lab.Result plain = lab.tryRun(30, List.of(), "exec", "c", "curl", "-sS", "--max-time", "5",
            "http://" + Lab.ip(NODE) + ":8181/api/v1/health");
        assertTrue(plain.output(), plain.exit() != 0 && plain.output().contains("Failed to connect"));

        String status = lab.cli(NODE, "api:status");
        assertTrue(status, status.contains("HTTPS:         https://" + Lab.ip(NODE) + ":8443/ (listening)"));
        assertTrue(status, status.contains("(self-signed)"));
        assertTrue(status, status.contains("Plain HTTP:    127.0.0.1 port 8181 (loopback only)"));

        // the cluster's CA issues the API's certificate; the operator points the PID at it
        lab.cli(NODE, "cluster:init-ca --name lab");
        Path issued = home.resolve("etc/vireo/api/n1-ca.p12");
        String out = lab.cli(NODE, "cluster:issue-cert --api --ip " + Lab.ip(NODE) + " --password pw-api --out "
            + issued + " " + NODE);
        assertTrue(out, out.contains("Management API certificate issued for node 'n1'"));
        Path cfg = home.resolve("etc/org.vireo.api.web.cfg");
        Files.writeString(cfg.resolveSibling("api-web.tmp"), "keystore = " + issued + "\nkeystorePassword = pw-api\n");
        Files.move(cfg.resolveSibling("api-web.tmp"), cfg, StandardCopyOption.ATOMIC_MOVE);
        lab.awaitLog(NODE, "management API: HTTPS on " + Lab.ip(NODE) + ":8443 with the certificate CN=n1, OU=management"
            + " API, O=Vireo issued by CN=lab cluster CA, O=Vireo", 60);

        Path ca = home.resolve("etc/vireo/cluster/ca/ca.crt");
        assertEquals("{\"ready\":true,\"waitingFor\":[]}200", awaitApi(NODE, ca, "health"));
        Lab.Result old = lab.tryRun(30, List.of(), curlApi(NODE, selfSigned, "health"));
        assertTrue("the self-signed certificate is no longer served: " + old.output(), old.exit() == 60);
        status = lab.cli(NODE, "api:status");
        assertTrue(status, status.contains("issuer:      CN=lab cluster CA, O=Vireo") && !status.contains("self-signed"));
        assertFalse("the password is not in Pax Web's PID file, which all may read",
            Files.readString(home.resolve("etc/org.ops4j.pax.web.cfg")).contains("pw-api"));
    }

    /** curl from the client trusting {@code ca}: the body, then the status code. */
    private String curl(Path ca, String route, String... more) throws Exception {
        return lab.run(30, curlApi(NODE, ca, route, more));
    }
}
