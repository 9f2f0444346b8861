package org.vireo.cluster.command;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.cluster.internal.tls.ClusterCa;

@Service
@Command(scope = "cluster", name = "issue-cert", description = "Issues a node's cluster certificate, signed by this"
    + " cluster's CA.",
    detailedDescription = "Makes an EC P-256 key and a certificate (CN=<node>, O=Vireo; the node name, --ip and --dns"
        + " as subject alternative names; server and client authentication) signed by the CA of cluster:init-ca, and"
        + " writes one PKCS12 file holding the key with its chain and the CA as trusted entry: the node uses it as"
        + " keystore and truststore. Default file: ${karaf.etc}/vireo/cluster/<node>.p12 (next to the CA folder)."
        + " Without --password a password is generated and shown once."
        + " With --api it issues the certificate of the node's management API (HTTPS) instead: server authentication"
        + " only, so that it can never join the cluster; default file <node>-api.p12; the node serves it from"
        + " etc/vireo/api/server.p12 (docs/api.md)."
        + " Examples: cluster:issue-cert node2 --ip 10.0.0.2; cluster:issue-cert node2 --ip 10.0.0.2 --api")
public class IssueCertCommand implements Action {

    @Argument(index = 0, name = "node", required = true, description = "The node's name, as its node identity says:"
        + " 1-63 letters, digits, '.', '_' or '-'. Members are known by it.")
    String node;

    @Option(name = "--ip", multiValued = true, description = "An IP address of the node (IPv4 or IPv6 literal), added"
        + " to the certificate; repeat for several.")
    List<String> ips;

    @Option(name = "--dns", multiValued = true, description = "A DNS name of the node, added to the certificate (the"
        + " node name always is); repeat for several.")
    List<String> dnsNames;

    @Option(name = "--validity-days", description = "How long the certificate is valid, in days. Default 825; never"
        + " beyond the CA's own validity.")
    int validityDays = 825;

    @Option(name = "--out", description = "The PKCS12 file to write. Default <CA folder>/../<node>.p12, with --api"
        + " <CA folder>/../<node>-api.p12.")
    String out;

    @Option(name = "--api", description = "Issue the node's management API (HTTPS) certificate, server"
        + " authentication only, not its cluster membership.")
    boolean api;

    @Option(name = "--password", description = "The file's password. Default: 24 random characters, shown once.")
    String password;

    @Option(name = "--dir", description = "The CA folder. Default ${karaf.etc}/vireo/cluster/ca.")
    String dir;

    ClusterCa ca = new ClusterCa();

    @Override
    public Object execute() {
        ClusterCa.IssuedCertificate issued = ca.issue(CaFolder.resolve(dir),
            api ? ClusterCa.Purpose.SERVER : ClusterCa.Purpose.MEMBER, node, ips == null ? List.of() : ips,
            dnsNames == null ? List.of() : dnsNames, CaFolder.validity(validityDays),
            out == null ? null : Path.of(out).toAbsolutePath().normalize(),
            password == null ? null : password.toCharArray());
        PrintStream console = System.out;
        console.println((api ? "Management API certificate" : "Certificate") + " issued for node '" + node + "'");
        console.println("  file:                " + issued.file() + (api ? " (key and chain; owner-only)"
            : " (key, chain and the cluster CA; owner-only)"));
        console.println("  subject:             " + issued.subject());
        console.println("  names:               " + String.join(", ", issued.subjectAltNames()));
        console.println("  valid until:         " + issued.notAfter());
        console.println("  SHA-256 fingerprint: " + issued.fingerprint());
        console.println("  password:            " + issued.generatedPassword().map(p -> p + " (generated; shown only"
            + " now, not stored)").orElse("as given with --password"));
        console.println(api ? "Next: copy it to " + node + "'s etc/vireo/api/server.p12 and set keystorePassword in"
            + " etc/org.vireo.api.web.cfg; clients trust the cluster CA (ca.crt)"
            : "Next: copy it to " + node + "'s etc/vireo/cluster/node.p12 and set keystorePassword in"
            + " etc/org.vireo.cluster.cfg");
        return null;
    }
}
