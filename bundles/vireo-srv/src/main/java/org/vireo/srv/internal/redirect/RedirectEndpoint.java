package org.vireo.srv.internal.redirect;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

import org.vireo.cluster.ClusterNode;
import org.vireo.settings.RedirectOptions;

/**
 * What the login endpoint answers to a request line: the {@link RedirectPolicy}'s decision as HTTP. Pure apart from
 * its counters: the registry snapshot comes from the supplier. The requested service is the configured one unless
 * the query names another ({@code ?service=name}); a redirect keeps the client's query and adds {@value #MARK}
 * (this node's name), which the next node honours by never redirecting again.
 */
public final class RedirectEndpoint {

    /** The query parameter that marks a redirected request. */
    public static final String MARK = "vireo-redirected-by";
    static final int RETRY_AFTER_SECONDS = 5;

    /** An HTTP answer: status, headers, a short text body. */
    public record Answer(int status, Map<String, String> headers, String body) {
    }

    private final String path;
    private final String service;
    private final RedirectPolicy policy;
    private final Supplier<List<ClusterNode>> registry;
    private final LongAdder served = new LongAdder();
    private final LongAdder redirected = new LongAdder();
    private final LongAdder refused = new LongAdder();
    /** Per node: the clients sent there (or served here) since the load measured at {@code loadAt}. */
    private final Map<String, Pending> pending = new HashMap<>();

    private record Pending(Instant loadAt, int clients) {
    }

    public RedirectEndpoint(RedirectOptions options, Supplier<List<ClusterNode>> registry) {
        this.path = options.path();
        this.service = options.service();
        this.policy = new RedirectPolicy(options.margin(), options.connectionsAtFullLoad());
        this.registry = registry;
    }

    /** Each node as a request would find it now, the clients sent since its last load counted. */
    public List<RedirectPolicy.Assessment> assess(List<ClusterNode> nodes) {
        return policy.assess(nodes, service, this::pendingClients);
    }

    /** What a new client (unmarked, for the configured service) would get now. */
    public RedirectPolicy.Decision preview(List<ClusterNode> nodes) {
        return policy.decide(nodes, service, false, this::pendingClients);
    }

    private synchronized int pendingClients(ClusterNode n) {
        Pending p = pending.get(n.name());
        return p != null && n.load().isPresent() && p.loadAt().equals(n.load().get().at()) ? p.clients() : 0;
    }

    /** One more client for {@code n}, until its next load measurement includes it. */
    private synchronized void sent(ClusterNode n) {
        n.load().ifPresent(l -> pending.put(n.name(), new Pending(l.at(), pendingClients(n) + 1)));
    }

    /** Requests answered here (200), sent elsewhere (302), refused for want of a node (503). */
    public long[] counters() {
        return new long[] {served.sum(), redirected.sum(), refused.sum()};
    }

    public Answer answer(String method, String uri) {
        int q = uri.indexOf('?');
        String requestPath = q < 0 ? uri : uri.substring(0, q);
        List<String[]> query = parseQuery(q < 0 ? "" : uri.substring(q + 1));
        if (!requestPath.equals(path)) {
            return text(404, "not found: the login endpoint is " + path + "\n");
        }
        if (!method.equals("GET") && !method.equals("HEAD")) {
            return new Answer(405, Map.of("Allow", "GET, HEAD", "Cache-Control", "no-store"),
                method + " is not allowed: GET or HEAD\n");
        }
        String wanted = service;
        boolean marked = false;
        List<String[]> kept = new ArrayList<>();
        for (String[] p : query) {
            if (p[0].equals("service")) {
                wanted = p[1];
            }
            if (p[0].equals(MARK)) {
                marked = true;
            } else {
                kept.add(p);
            }
        }
        if (!RedirectOptions.SERVICE_NAME.matcher(wanted).matches()) {
            return text(400, "service = '" + wanted + "': expected " + RedirectOptions.SERVICE_NAME_EXPECTED + "\n");
        }
        List<ClusterNode> nodes = registry.get();
        RedirectPolicy.Decision d = policy.decide(nodes, wanted, marked, this::pendingClients);
        if (d instanceof RedirectPolicy.Decision.Serve s) {
            served.increment();
            sent(s.self());
            return new Answer(200, Map.of("Content-Type", "application/json", "Cache-Control", "no-store"),
                String.format(Locale.ROOT, "{\"node\":\"%s\",\"service\":\"%s\",\"score\":%.3f}%n", s.self().name(),
                    wanted, s.score()));
        }
        if (d instanceof RedirectPolicy.Decision.Redirect r) {
            redirected.increment();
            sent(r.target());
            String self = nodes.stream().filter(ClusterNode::self).map(ClusterNode::name).findFirst().orElse("?");
            kept.add(new String[] {MARK, self});
            String location = r.url() + (r.url().contains("?") ? "&" : "?") + formatQuery(kept);
            return new Answer(302, Map.of("Location", location, "Cache-Control", "no-store"),
                "the least-loaded node offering " + wanted + " is " + r.target().name() + ": " + location + "\n");
        }
        refused.increment();
        return new Answer(503, Map.of("Retry-After", String.valueOf(RETRY_AFTER_SECONDS), "Cache-Control",
            "no-store"), ((RedirectPolicy.Decision.Unavailable) d).reason() + "\n");
    }

    private static Answer text(int status, String body) {
        return new Answer(status, Map.of("Cache-Control", "no-store"), body);
    }

    private static List<String[]> parseQuery(String query) {
        List<String[]> out = new ArrayList<>();
        for (String part : query.split("&")) {
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            try {
                out.add(new String[] {decode(eq < 0 ? part : part.substring(0, eq)),
                    eq < 0 ? "" : decode(part.substring(eq + 1))});
            } catch (IllegalArgumentException e) {
                out.add(new String[] {part, ""}); // kept as it came: not ours to judge
            }
        }
        return out;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static String formatQuery(List<String[]> pairs) {
        List<String> parts = new ArrayList<>();
        for (String[] p : pairs) {
            parts.add(URLEncoder.encode(p[0], StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(p[1], StandardCharsets.UTF_8));
        }
        return String.join("&", parts);
    }
}
