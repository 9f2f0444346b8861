package org.vireo.scanner.command;

import java.net.InetAddress;
import java.util.Locale;
import java.util.regex.Pattern;

import io.netty.util.NetUtil;
import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.vireo.rules.Network;
import org.vireo.rules.RequestFacts;
import org.vireo.rules.Rules;
import org.vireo.rules.Verdict;
import org.vireo.scanner.internal.policy.DestinationGuard;
import org.vireo.scanner.internal.policy.LocalAddresses;
import org.vireo.scanner.internal.proxy.PolicyRequests;
import org.vireo.scanner.internal.proxy.ProxyComponent;

@Service
@Command(scope = "scanner", name = "check", description = "Shows which web security rule a request would match,"
    + " and why, without sending anything.",
    detailedDescription = "Builds the request the way the proxy sees it (host lower case, default port 80, the URL"
        + " normalised as the proxy logs it), decides it with the rule set in force and prints the verdict, then"
        + " each rule tried: the first condition that did not match, or the rule that matched, or the default, and"
        + " whether the destination is one the proxy refuses (this node, its cluster, loopback, link-local, metadata,"
        + " and private ranges when so configured) unless a rule names it. It makes no DNS query: give the address a"
        + " name resolves to with --destination."
        + " Example: scanner:check --client 10.1.2.3 http://ads.example/banner.js ; scanner:check example.com:443 ;"
        + " scanner:check --destination 10.20.1.1 http://wiki.intranet.example/")
public class CheckCommand implements Action {

    private static final Pattern METHOD = Pattern.compile("[A-Za-z]+");

    @Reference
    Rules rules;

    /** The proxy's protected destinations; without it (the proxy is not running) only the fixed ranges count. */
    @Reference(optional = true)
    ProxyComponent proxy;

    @Argument(index = 0, name = "url", required = true, description = "An absolute http URL"
        + " (http://host[:port]/path?query), or host:port for a CONNECT tunnel.")
    String url;

    @Option(name = "--client", description = "The client's address, an IPv4 or IPv6 literal (no host name)."
        + " Default 127.0.0.1.")
    String client = "127.0.0.1";

    @Option(name = "--method", description = "The request method (GET, POST, ..., CONNECT). Default GET for a URL,"
        + " CONNECT for host:port.")
    @Completion(value = StringsCompleter.class,
        values = {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "CONNECT"})
    String method;

    @Option(name = "--destination", description = "The address the host resolves to, an IPv4 or IPv6 literal:"
        + " destination conditions and the protected destinations are checked with it. Default: the host itself"
        + " when it is an address; for a name, none.")
    String destination;

    @Override
    public Object execute() {
        RequestFacts request = request();
        Rules.RuleBook ruleSet = rules.current();
        DestinationGuard guard = proxy == null ? new DestinationGuard(LocalAddresses.NONE, false)
            : proxy.destinationGuard();
        Verdict byRules = ruleSet.decide(request);
        Verdict verdict = request.destination() == null ? byRules : guard.admit(request.destination(), byRules);
        System.out.println("request: " + request.method() + " " + request.url() + " from "
            + NetUtil.toAddressString(request.client()) + " (host " + request.host() + ", port " + request.port()
            + (request.destination() == null ? "" : ", destination " + Network.literal(request.destination()))
            + ")");
        System.out.println("rules:   " + ruleSet.source() + (ruleSet.contentHash().isEmpty() ? " (none loaded)"
            : " (SHA-256 " + ruleSet.contentHash() + ")"));
        System.out.println("verdict: " + (verdict.undecided() ? "depends on the destination address (rule "
            + verdict.rule() + " has a destination condition): give the address with --destination"
            : verdict.describe()));
        ruleSet.explain(request).forEach(step -> System.out.println("  " + step));
        if (request.destination() != null) {
            System.out.println("  " + destinationStep(guard, request.destination(), byRules, verdict));
        }
        return null;
    }

    private static String destinationStep(DestinationGuard guard, InetAddress address, Verdict byRules,
                                          Verdict verdict) {
        DestinationGuard.Protection protection = guard.protection(address);
        String at = "destination " + Network.literal(address) + ": ";
        if (protection == null) {
            return at + "not a protected destination";
        }
        String what = at + protection.kind().description() + " (" + protection.range() + "): ";
        if (!byRules.allowed()) {
            return what + "protected";
        }
        return verdict.allowed() ? what + "allowed by rule " + byRules.rule() + ", whose destination "
            + byRules.destination() + " lies within it"
            : what + "refused: only a rule allowing it with a destination condition within " + protection.range()
                + " opens it";
    }

    private RequestFacts request() {
        InetAddress address = NetUtil.createInetAddressFromIpAddressString(client); // a literal: never a DNS lookup
        if (address == null) {
            throw new IllegalArgumentException("--client '" + client + "': expected an IPv4 or IPv6 address literal"
                + " such as 10.1.2.3 or 2001:db8::1");
        }
        boolean absolute = url.contains("://");
        String m = method == null ? (absolute ? "GET" : "CONNECT") : method;
        if (!METHOD.matcher(m).matches()) {
            throw new IllegalArgumentException("--method '" + m + "': expected a method name such as GET, POST or"
                + " CONNECT");
        }
        String upper = m.toUpperCase(Locale.ROOT);
        PolicyRequests.hostProblem(upper, url).ifPresent(problem -> {
            throw new IllegalArgumentException("url '" + url + "': the proxy answers 400: " + problem);
        });
        RequestFacts facts = PolicyRequests.of(address, upper, url).orElseThrow(() -> new IllegalArgumentException(
            "CONNECT".equals(upper)
                ? "url '" + url + "': CONNECT needs host:port (such as example.com:443 or [2001:db8::1]:443)"
                : "url '" + url + "': " + upper + " needs an absolute http URL such as http://example.com/path"
                    + " (https:// URLs reach the proxy as CONNECT host:443), or for GET and HEAD an ftp URL such as"
                    + " ftp://example.com/file"));
        if (destination == null) {
            return facts;
        }
        InetAddress to = NetUtil.createInetAddressFromIpAddressString(destination);
        if (to == null) {
            throw new IllegalArgumentException("--destination '" + destination + "': expected an IPv4 or IPv6 address"
                + " literal such as 10.20.1.1 or 2001:db8::1 (the address the host resolves to)");
        }
        return facts.to(to);
    }
}
