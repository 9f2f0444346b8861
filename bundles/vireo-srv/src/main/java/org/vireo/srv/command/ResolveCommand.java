package org.vireo.srv.command;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.srv.internal.SrvOptions;
import org.vireo.srv.internal.SrvReport;

@Service
@Command(scope = "srv", name = "resolve", description = "Shows the candidates a client would try for a server address.",
    detailedDescription = "Resolves the address as a client does: an IP literal as it is, with no DNS (source"
        + " LITERAL); a host name through the SRV records of <service>.<name> (source SRV), each target resolved to"
        + " its IPv4 then IPv6 addresses, (none) when it has none; without SRV records, the name's own addresses on"
        + " the default port (source ADDRESS). Prints the candidates in one RFC 2782 order (priority, then weighted"
        + " random within a priority) and a few more sample orders drawn the same way, to show how clients spread."
        + " A single SRV target '.' means the service is decidedly not available there; a DNS failure is printed"
        + " with its error (NXDOMAIN, SERVFAIL, TIMEOUT, REFUSED, NO_ADDRESS) and the name it was for. Defaults come"
        + " from etc/org.vireo.srv.cfg (PID org.vireo.srv); the options override them.")
public class ResolveCommand extends SrvCommand {

    @Option(name = "--samples", description = "How many further RFC 2782 orders to draw, 0-100 (default 5)")
    String samples;

    @Override
    Map<String, Object> moreOptions() {
        return new HashMap<>();
    }

    @Override
    boolean run(SrvOptions base, PrintStream out) {
        SrvOptions options = options(base);
        int n = SrvReport.samples(samples);
        SplittableRandom random = new SplittableRandom();
        return SrvReport.resolution(options.resolver(random).resolve(address), n, random, printer(out));
    }
}
