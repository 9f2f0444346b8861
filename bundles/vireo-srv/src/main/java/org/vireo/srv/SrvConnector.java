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
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;

import javax.net.ssl.SSLContext;

/**
 * Tries the candidates of a {@link Resolution.Candidates} in order until one answers: an HTTP(S) request to the
 * candidate's login endpoint, whose redirects (301, 302, 307, 308) are followed to their {@code Location}
 * directly, with no SRV lookup of the redirect's host, at most {@value #MAX_REDIRECTS} per candidate (the next one
 * fails the candidate), a loop detected as soon as a URL comes back. With a stagger delay, the next candidate is
 * started when the current one has not answered by then, while it is still trying (as RFC 8305 does for
 * addresses), so a dead first candidate costs the delay instead of a whole connect timeout.
 */
public final class SrvConnector {

    /** Redirects followed per candidate: the sixth fails it. */
    public static final int MAX_REDIRECTS = 5;

    /**
     * @param scheme         {@code http} or {@code https}
     * @param path           the login or handshake endpoint, e.g. {@code /vireo/hello}
     * @param connectTimeout per connection
     * @param requestTimeout per request, redirects each on their own
     * @param stagger        start the next candidate after this long without an answer; zero: one after the other
     */
    public record Settings(String scheme, String path, Duration connectTimeout, Duration requestTimeout,
                           Duration stagger) {

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

    /** Tries the candidates; a candidate with several addresses is tried at each, in order. */
    public Result connect(Resolution.Candidates candidates) throws InterruptedException {
        List<String> urls = new ArrayList<>();
        List<Integer> owners = new ArrayList<>();
        List<Resolution.Candidate> list = candidates.candidates();
        for (int i = 0; i < list.size(); i++) {
            for (InetAddress a : list.get(i).addresses()) {
                String host = a instanceof Inet6Address ? "[" + a.getHostAddress() + "]" : a.getHostAddress();
                urls.add(settings.scheme() + "://" + host + ":" + list.get(i).port() + settings.path());
                owners.add(i);
            }
        }
        List<Step> steps = java.util.Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Optional<String>>> running = new ArrayList<>();
        // a thread per attempt: the HTTP client blocks, and staggered attempts must run side by side
        ExecutorService attempts = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "srv-connector");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int k = 0; k < urls.size(); k++) {
                int owner = owners.get(k);
                String url = urls.get(k);
                running.add(CompletableFuture.supplyAsync(() -> follow(owner, url, steps), attempts));
                Optional<String> won = awaitAny(running, settings.stagger().isZero() || k == urls.size() - 1
                    ? Long.MAX_VALUE : settings.stagger().toNanos());
                if (won.isPresent()) {
                    return new Result(won, steps);
                }
            }
            return new Result(Optional.empty(), steps);
        } finally {
            attempts.shutdownNow(); // the losers are interrupted and add no further step
        }
    }

    /**
     * Waits up to {@code nanos} for one of {@code running} to succeed, or for all of them to fail (then at once).
     */
    private Optional<String> awaitAny(List<CompletableFuture<Optional<String>>> running, long waitNanos)
        throws InterruptedException {
        long deadline = waitNanos == Long.MAX_VALUE ? Long.MAX_VALUE : nanos.getAsLong() + waitNanos;
        while (true) {
            boolean allDone = true;
            for (CompletableFuture<Optional<String>> f : running) {
                if (f.isDone()) {
                    Optional<String> r = f.getNow(Optional.empty());
                    if (r.isPresent()) {
                        return r;
                    }
                } else {
                    allDone = false;
                }
            }
            if (allDone || nanos.getAsLong() >= deadline) {
                return Optional.empty();
            }
            CompletableFuture<Object> any = CompletableFuture.anyOf(running.stream().filter(f -> !f.isDone())
                .toArray(CompletableFuture[]::new));
            try {
                long left = deadline - nanos.getAsLong();
                any.get(Math.max(1, Math.min(left, TimeUnit.SECONDS.toNanos(60))), TimeUnit.NANOSECONDS);
            } catch (ExecutionException | TimeoutException | java.util.concurrent.CancellationException e) {
                // a failure ends one of them: look again
            }
        }
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
