package org.vireo.health.internal.monitor;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import org.vireo.health.CheckResult;
import org.vireo.settings.StatusCodes;

/**
 * An HTTP(S) GET on the shared client ({@code sendAsync}: no thread waits for the answer). The status must be one
 * of the expected; with a body pattern, the first {@link #BODY_LIMIT} bytes of the body must contain a match.
 */
final class HttpCheck implements Check {

    static final int BODY_LIMIT = 64 * 1024;

    private final HttpClient client;
    private final HttpRequest request;
    private final StatusCodes expected;
    private final Optional<Pattern> bodyMatch;

    /** The request has no timeout of its own: the monitor's timeout cancels it. */
    HttpCheck(HttpClient client, URI url, StatusCodes expected, Optional<Pattern> bodyMatch) {
        this.client = client;
        this.request = HttpRequest.newBuilder(url).GET().header("User-Agent", "vireo-health").build();
        this.expected = expected;
        this.bodyMatch = bodyMatch;
    }

    @Override
    public CompletableFuture<CheckResult> start() {
        Stopwatch watch = new Stopwatch();
        AtomicReference<LimitedBody> body = new AtomicReference<>();
        CompletableFuture<HttpResponse<byte[]>> sent = client.sendAsync(request, info -> {
            LimitedBody b = new LimitedBody(bodyMatch.isPresent() ? BODY_LIMIT : 0);
            body.set(b);
            return b;
        });
        CompletableFuture<CheckResult> result = sent.handle((response, e) -> e != null
            ? watch.failure(Failures.describe(e)) : judge(response, watch));
        result.whenComplete((r, e) -> {
            if (result.isCancelled()) { // timed out: end the exchange and its connection
                sent.cancel(true);
                LimitedBody b = body.get();
                if (b != null) {
                    b.cancel();
                }
            }
        });
        return result;
    }

    private CheckResult judge(HttpResponse<byte[]> response, Stopwatch watch) {
        int status = response.statusCode();
        if (!expected.accepts(status)) {
            return watch.failure("HTTP " + status + " (expected " + expected + ")");
        }
        if (bodyMatch.isPresent()) {
            BodyMatch.Outcome found = BodyMatch.find(bodyMatch.get(), new String(response.body(), StandardCharsets.UTF_8));
            if (found == BodyMatch.Outcome.GAVE_UP) {
                return watch.failure("bodyMatch '" + bodyMatch.get().pattern() + "' gave up on the body (HTTP " + status
                    + ", " + response.body().length + " bytes read): the pattern backtracks too much, make it simpler");
            }
            if (found == BodyMatch.Outcome.NOT_FOUND) {
                return watch.failure("body does not match '" + bodyMatch.get().pattern() + "' (HTTP " + status + ", "
                    + response.body().length + " bytes read)");
            }
        }
        return watch.successIn("HTTP " + status, bodyMatch.map(p -> ", body matches '" + p.pattern() + "'").orElse(""));
    }
}
