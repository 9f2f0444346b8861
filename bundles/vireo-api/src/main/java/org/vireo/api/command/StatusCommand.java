package org.vireo.api.command;

import java.io.PrintStream;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;

import org.vireo.api.ServerCertificate;
import org.vireo.api.internal.web.HttpsListener;
import org.vireo.api.internal.web.HttpsListener.Status;
import org.vireo.api.internal.web.HttpsPlan;

@Service
@Command(scope = "api", name = "status", description = "Shows where the management API listens and the certificate"
    + " its HTTPS presents.",
    detailedDescription = "Plain HTTP: the addresses and port of Karaf's Jetty (etc/org.ops4j.pax.web.cfg), loopback"
        + " only as shipped. HTTPS: the address and port (etc/org.vireo.api.web.cfg; the address defaults to the"
        + " node's management address), whether a connection to it is accepted now, or why it is off; then the"
        + " certificate: subject, issuer (self-signed: made by this node at its first start; else cluster:issue-cert"
        + " --api), names, validity and SHA-256 fingerprint, to compare with what a client is shown.")
public class StatusCommand implements Action {

    @Reference
    private HttpsListener listener;

    @Override
    public Object execute() {
        Status status = listener.status();
        PrintStream out = System.out;
        out.println("Plain HTTP:    " + String.join(", ", status.httpAddresses()) + " port " + status.httpPort()
            + (status.httpAddresses().stream().allMatch(StatusCommand::loopback) ? " (loopback only)"
            : " (WARNING: not loopback only; etc/org.ops4j.pax.web.cfg)"));
        status.refusedConfiguration().ifPresent(r -> out.println("Configuration: REFUSED - " + r));
        if (status.https() instanceof HttpsPlan.Off off) {
            out.println("HTTPS:         off - " + off.why());
            return null;
        }
        HttpsPlan.On on = (HttpsPlan.On) status.https();
        out.println("HTTPS:         https://" + on.endpoint() + "/ (" + (status.listening() ? "listening"
            : "NOT listening: log:display shows why") + ")");
        ServerCertificate c = on.certificate();
        out.println("Keystore:      " + on.keystore());
        out.println("Certificate:   " + c.subject());
        out.println("  issuer:      " + c.issuer() + (c.selfSigned() ? " (self-signed)" : ""));
        out.println("  names:       " + String.join(", ", c.subjectAltNames()));
        out.println("  valid:       " + c.notBefore() + " to " + c.notAfter());
        out.println("  SHA-256:     " + c.fingerprint());
        return null;
    }

    private static boolean loopback(String address) {
        return address.startsWith("127.") || address.equals("::1") || address.equals("localhost");
    }
}
