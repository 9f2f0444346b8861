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
import org.vireo.scanner.internal.policy.RequestFacts;
import org.vireo.scanner.internal.policy.Verdict;
import org.vireo.scanner.internal.proxy.PolicyRequests;
import org.vireo.scanner.internal.rules.RuleSet;
import org.vireo.scanner.internal.rules.RulesComponent;

@Service
@Command(scope = "scanner", name = "check", description = "Shows which web security rule a request would match,"
    + " and why, without sending anything.",
    detailedDescription = "Builds the request the way the proxy sees it (host lower case, default port 80, the URL"
        + " normalised as the proxy logs it), decides it with the rule set in force and prints the verdict, then"
        + " each rule tried: the first condition that did not match, or the rule that matched, or the default."
        + " Example: scanner:check --client 10.1.2.3 http://ads.example/banner.js ; scanner:check example.com:443")
public class CheckCommand implements Action {

    private static final Pattern METHOD = Pattern.compile("[A-Za-z]+");

    @Reference
    RulesComponent rules;

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

    @Override
    public Object execute() {
        RequestFacts request = request();
        RuleSet ruleSet = rules.current();
        Verdict verdict = ruleSet.decide(request);
        System.out.println("request: " + request.method() + " " + request.url() + " from "
            + request.client().getHostAddress() + " (host " + request.host() + ", port " + request.port() + ")");
        System.out.println("rules:   " + ruleSet.source() + (ruleSet.contentHash().isEmpty() ? " (none loaded)"
            : " (SHA-256 " + ruleSet.contentHash() + ")"));
        System.out.println("verdict: " + Verdicts.describe(verdict));
        ruleSet.explain(request).forEach(step -> System.out.println("  " + step));
        return null;
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
        return PolicyRequests.of(address, upper, url).orElseThrow(() -> new IllegalArgumentException(
            "CONNECT".equals(upper)
                ? "url '" + url + "': CONNECT needs host:port (such as example.com:443 or [2001:db8::1]:443)"
                : "url '" + url + "': " + upper + " needs an absolute http URL such as http://example.com/path"
                    + " (https:// URLs reach the proxy as CONNECT host:443)"));
    }
}
