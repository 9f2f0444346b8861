package org.vireo.srv;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Inet6Address;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import javax.net.ssl.SSLContext;

import org.vireo.srv.internal.HappyEyeballs;

/**
 * Tries the candidates of a {@link Resolution.Candidates} in order until one answers: an HTTP(S) request to the
 * candidate's login endpoint, whose redirects (301, 302, 307, 308) are followed to their {@code Location}
 * directly, with no SRV lookup of the redirect's host, at most {@value #MAX_REDIRECTS} per candidate (the next one
 * fails the candidate), a loop detected as soon as a URL comes back. The addresses are tried as RFC 8305 (Happy
 * Eyeballs v2) has it ({@link HappyEyeballs}): a target's AAAA and A lookups at once, the A answer waiting for the
 * AAAA one at most the resolution delay, the families alternating IPv6 first, and with a stagger (the connection
 * attempt delay) the next address started when the current one has not answered by then, while it is still trying:
 * a dead address costs the delay instead of a whole connect timeout.
 */
public final class SrvConnector {

    /** Redirects followed per candidate: the sixth fails it. */
    public static final int MAX_REDIRECTS = 5;

    /**
     * @param scheme         {@code http} or {@code https}
     * @param path           the login or handshake endpoint, e.g. {@code /vireo/hello}
     * @param connectTimeout per connection
     * @param requestTimeout per request, redirects each on their own
     * @param stagger        RFC 8305's connection attempt delay: start the next address after this long without
     *                       an answer; zero: one after the other
     * @param resolutionDelay RFC 8305's resolution delay: how long an A answer waits for the AAAA one
     */
    public record Settings(String scheme, String path, Duration connectTimeout, Duration requestTimeout,
                           Duration stagger, Duration resolutionDelay) {

        /** RFC 8305's recommended resolution delay. */
        public static final Duration RESOLUTION_DELAY = Duration.ofMillis(50);

        /** With RFC 8305's recommended resolution delay. */
        public Settings(String scheme, String path, Duration connectTimeout, Duration requestTimeout,
                        Duration stagger) {
            this(scheme, path, connectTimeout, requestTimeout, stagger, RESOLUTION_DELAY);
        }

        public Settings {
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new IllegalArgumentException("scheme '" + scheme + "': expected http or https");
            }
            if (!path.startsWith("/")) {
                throw new IllegalArgumentException("path '" + path + "': expected an absolute path, e.g. /hello");
            }
        }
    }

    /**
     * One step of the trace.
     *
     * @param candidate which candidate (0: the first)
     * @param url       what was asked
     * @param outcome   {@code 200}, {@code redirect 302 -> <url>}, or the error
     * @param millis    how long it took
     */
    public record Step(int candidate, String url, String outcome, long millis) {
    }

    /**
     * What the connector did.
     *
     * @param endpoint the URL that answered 2xx; empty when no candidate did
     * @param steps    every request, redirect and error, in the order they finished
     */
    public record Result(Optional<String> endpoint, List<Step> steps) {

        public Result {
            steps = List.copyOf(steps);
        }
    }

    private final Settings settings;
    private final HttpClient client;
    private final LongSupplier nanos;

    public SrvConnector(Settings settings, HttpClient client, LongSupplier nanos) {
        this.settings = settings;
        this.client = client;
        this.nanos = nanos;
    }

    /** A connector on the JDK's HTTP client (redirects off: this class follows them), trusting the JDK's CAs. */
    public static SrvConnector standard(Settings settings) {
        return new SrvConnector(settings, client(settings).build(), System::nanoTime);
    }

    /** The same, trusting for HTTPS what {@code tls} trusts (e.g. {@link TrustedCertificates#fromPem}). */
    public static SrvConnector standard(Settings settings, SSLContext tls) {
        return new SrvConnector(settings, client(settings).sslContext(tls).build(), System::nanoTime);
    }

    private static HttpClient.Builder client(Settings settings) {
        return HttpClient.newBuilder().connectTimeout(settings.connectTimeout())
            .followRedirects(HttpClient.Redirect.NEVER);
    }

    /** Tries the candidates at the addresses they come with. */
    public Result connect(Resolution.Candidates candidates) throws InterruptedException {
        return connect(candidates, null);
    }

    /**
     * Tries the candidates; those of SRV records are looked up through {@code lookup} (AAAA and A at once, as they
     * come to be tried), the others (and all without a lookup) at the addresses they come with.
     */
    public Result connect(Resolution.Candidates candidates, AddressLookup lookup) throws InterruptedException {
        List<Resolution.Candidate> list = candidates.candidates();
        HappyEyeballs plan = new HappyEyeballs(list.size(), settings.resolutionDelay(), settings.stagger());
        BlockingQueue<Event> events = new LinkedBlockingQueue<>();
        List<Step> steps = java.util.Collections.synchronizedList(new ArrayList<>());
        // a thread per attempt: the HTTP client blocks, and staggered attempts must run side by side
        ExecutorService attempts = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "srv-connector");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int i = 0; i < list.size(); i++) {
                ask(plan, events, i, list.get(i), lookup != null && candidates.source() == Resolution.Source.SRV
                    ? lookup : null);
            }
            while (true) {
                long now = nanos.getAsLong();
                for (Optional<HappyEyeballs.Attempt> a = plan.next(now); a.isPresent(); a = plan.next(now)) {
                    HappyEyeballs.Attempt attempt = a.get();
                    String url = url(attempt.address(), list.get(attempt.target()).port());
                    attempts.execute(() -> events.add(new Done(attempt, follow(attempt.target(), url, steps))));
                }
                if (plan.exhausted()) {
                    return new Result(Optional.empty(), steps);
                }
                OptionalLong wake = plan.wakeAt(now);
                Event e = wake.isPresent() ? events.poll(Math.max(0, wake.getAsLong() - now), TimeUnit.NANOSECONDS)
                    : events.take();
                if (e instanceof Answer answer) {
                    plan.answered(answer.target(), answer.ipv6(), answer.addresses(), nanos.getAsLong());
                } else if (e instanceof Done done) {
                    if (done.endpoint().isPresent()) {
                        return new Result(done.endpoint(), steps);
                    }
                    plan.failed(done.attempt());
                }
            }
        } finally {
            attempts.shutdownNow(); // the losers are interrupted and add no further step
        }
    }

    /** What the connecting thread waits for: a lookup's answer, or an attempt's end. */
    private sealed interface Event permits Answer, Done {
    }

    private record Answer(int target, boolean ipv6, List<InetAddress> addresses) implements Event {
    }

    private record Done(HappyEyeballs.Attempt attempt, Optional<String> endpoint) implements Event {
    }

    /** The candidate's AAAA and A lookups at once, or its own addresses as both answers now. */
    private void ask(HappyEyeballs plan, BlockingQueue<Event> events, int i, Resolution.Candidate c,
                     AddressLookup lookup) {
        for (boolean ipv6 : new boolean[] {true, false}) {
            if (lookup == null) {
                plan.answered(i, ipv6, c.addresses().stream().filter(a -> a instanceof Inet6Address == ipv6)
                    .toList(), nanos.getAsLong());
            } else {
                lookup.lookup(c.host(), ipv6).whenComplete((addresses, error) -> events.add(new Answer(i, ipv6,
                    addresses == null ? List.of() : addresses)));
            }
        }
    }

    private String url(InetAddress a, int port) {
        String host = a instanceof Inet6Address ? "[" + a.getHostAddress() + "]" : a.getHostAddress();
        return settings.scheme() + "://" + host + ":" + port + settings.path();
    }

    /** One candidate address: the request and its redirects; the URL that answered 2xx, or empty. */
    private Optional<String> follow(int candidate, String first, List<Step> steps) {
        Set<String> seen = new HashSet<>();
        String url = first;
        for (int redirects = 0; ; redirects++) {
            long start = nanos.getAsLong();
            if (!seen.add(url)) {
                steps.add(new Step(candidate, url, "redirect loop: " + url + " came back", 0));
                return Optional.empty();
            }
            HttpResponse<Void> response;
            try {
                response = client.send(HttpRequest.newBuilder(URI.create(url)).timeout(settings.requestTimeout())
                    .GET().build(), HttpResponse.BodyHandlers.discarding());
            } catch (IOException | IllegalArgumentException e) {
                steps.add(new Step(candidate, url, e.getClass().getSimpleName() + ": " + e.getMessage(),
                    millisSince(start)));
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // another candidate won: stop quietly
                return Optional.empty();
            }
            int status = response.statusCode();
            Optional<String> location = response.headers().firstValue("Location");
            if ((status == 301 || status == 302 || status == 307 || status == 308) && location.isPresent()) {
                String next = URI.create(url).resolve(location.get()).toString();
                if (redirects == MAX_REDIRECTS) {
                    steps.add(new Step(candidate, url, "redirect " + status + " -> " + next + ": more than "
                        + MAX_REDIRECTS + " redirects, candidate failed", millisSince(start)));
                    return Optional.empty();
                }
                steps.add(new Step(candidate, url, "redirect " + status + " -> " + next, millisSince(start)));
                url = next;
                continue;
            }
            steps.add(new Step(candidate, url, String.valueOf(status), millisSince(start)));
            return status >= 200 && status < 300 ? Optional.of(url) : Optional.empty();
        }
    }

    private long millisSince(long start) {
        return TimeUnit.NANOSECONDS.toMillis(nanos.getAsLong() - start);
    }
}
