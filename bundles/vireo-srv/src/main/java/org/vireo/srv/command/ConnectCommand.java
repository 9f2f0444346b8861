package org.vireo.srv.command;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.srv.SrvResolver;
import org.vireo.srv.internal.SrvOptions;
import org.vireo.srv.internal.SrvReport;

@Service
@Command(scope = "srv", name = "connect", description = "Tries a server address's candidates as a client does and"
    + " shows every attempt.",
    detailedDescription = "Resolves the address as srv:resolve does, then asks each candidate address in order for"
        + " <scheme>://<address>:<port><path> until one answers 2xx. A redirect (301, 302, 307, 308) is followed to"
        + " its Location directly, with no SRV lookup, at most 5 per candidate: the sixth fails the candidate, and a"
        + " URL that comes back is a loop. With a stagger, the next candidate starts when the current one has not"
        + " answered by then, while it goes on trying. Prints each attempt (candidate, URL, status, redirect or"
        + " error, milliseconds) and the endpoint reached, or that no candidate answered. Defaults come from"
        + " etc/org.vireo.srv.cfg (PID org.vireo.srv); the options override them.")
public class ConnectCommand extends SrvCommand {

    @Option(name = "--scheme", description = "http or https (default: scheme in org.vireo.srv, https)")
    String scheme;

    @Option(name = "--path", description = "The login endpoint, an absolute path (default: path in org.vireo.srv, /)")
    String path;

    @Option(name = "--stagger", description = "RFC 8305's connection attempt delay: milliseconds before the next"
        + " address starts while the current one has not answered, 0-60000; 0: one after the other (default:"
        + " staggerMillis in org.vireo.srv, 250)")
    String stagger;

    @Option(name = "--resolution-delay", description = "RFC 8305's resolution delay: milliseconds a target's A"
        + " answer waits for its AAAA answer, 0-2000 (default: resolutionDelayMillis in org.vireo.srv, 50)")
    String resolutionDelay;

    @Option(name = "--trust", description = "A PEM file of the CA certificates HTTPS endpoints are checked against,"
        + " e.g. the cluster CA's ca.crt (default: trustFile in org.vireo.srv; empty: the JDK's CAs)")
    String trust;

    @Override
    Map<String, Object> moreOptions() {
        Map<String, Object> more = new HashMap<>();
        more.put("--scheme", scheme);
        more.put("--path", path);
        more.put("--stagger", stagger);
        more.put("--resolution-delay", resolutionDelay);
        more.put("--trust", trust);
        return more;
    }

    @Override
    boolean run(SrvOptions base, PrintStream out) throws InterruptedException {
        SrvOptions options = options(base);
        SrvResolver resolver = options.resolver(new SplittableRandom());
        // SRV targets looked up as the connector comes to them, AAAA and A at once (RFC 8305)
        return SrvReport.connection(resolver.records(address), options.connector(), resolver, printer(out));
    }
}
