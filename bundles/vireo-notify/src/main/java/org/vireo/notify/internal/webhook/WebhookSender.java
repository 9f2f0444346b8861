package org.vireo.notify.internal.webhook;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.vireo.events.NodeEvent;
import org.vireo.notify.internal.Sender;

/**
 * A webhook's sending: the event as JSON (the API stream's form) POSTed to its URL, signed, retried with a doubling
 * delay while the target cannot be reached, times out or answers 408, 425, 429 or 5xx. Another answer (4xx, a
 * redirect) is a failure at once: sent again, it would be refused again. Delivery is at least once: a post whose answer
 * is lost is sent again, with the same {@code X-Vireo-Delivery} ({@code <node>-<seq>}) for the receiver to see it.
 */
final class WebhookSender implements Sender {

    /** Characters of an answer's body kept for the log and notify:list. */
    static final int BODY_SHOWN = 200;

    private final WebhookOptions options;
    private final HttpClient client;
    private final Supplier<Instant> clock;

    WebhookSender(WebhookOptions options, Supplier<Instant> clock) {
        this.options = options;
        this.clock = clock;
        HttpClient.Builder builder = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofMillis(options.timeoutMillis()));
        if (!options.trusted().isEmpty()) {
            builder.sslContext(trusting(options));
        }
        this.client = builder.build();
    }

    /** TLS that trusts only the configured certificates; the JDK still checks the URL's host name against them. */
    private static SSLContext trusting(WebhookOptions options) {
        try {
            KeyStore anchors = KeyStore.getInstance(KeyStore.getDefaultType());
            anchors.load(null, null);
            for (int i = 0; i < options.trusted().size(); i++) {
                anchors.setCertificateEntry("ca-" + i, options.trusted().get(i));
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(anchors);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot make a trust store of " + WebhookOptions.CA_FILE + ": " + e, e);
        }
    }

    @Override
    public String target() {
        return options.url().toString();
    }

    @Override
    public Outcome send(NodeEvent event, String node, BooleanSupplier stopping) {
        byte[] body = event.toJson(node).getBytes(StandardCharsets.UTF_8);
        long start = System.nanoTime();
        long delay = options.retryDelayMillis();
        boolean interrupted = false;
        try {
            for (int attempt = 1; ; attempt++) {
                Attempt a = post(event, node, body);
                interrupted |= a.interrupted;
                String tried = a.what + (attempt > 1 ? " (attempt " + attempt + ")" : "") + " in "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms";
                if (a.delivered || !a.retryable) {
                    return new Outcome(a.delivered, tried);
                }
                if (attempt > options.retries()) {
                    return new Outcome(false, tried + ", no retry left");
                }
                if (stopping.getAsBoolean()) {
                    return new Outcome(false, tried + ", not retried: the webhook stopped");
                }
                interrupted |= pause(delay, stopping);
                delay = Math.min(delay * 2, Math.max(WebhookOptions.MAX_RETRY_DELAY_MILLIS,
                    options.retryDelayMillis()));
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** One POST's result: delivered (2xx), else whether another attempt may do better. */
    private record Attempt(boolean delivered, boolean retryable, String what, boolean interrupted) {
    }

    private Attempt post(NodeEvent event, String node, byte[] body) {
        long timestamp = clock.get().getEpochSecond();
        HttpRequest.Builder request = HttpRequest.newBuilder(options.url())
            .timeout(Duration.ofMillis(options.timeoutMillis()))
            .header("Content-Type", "application/json")
            .header("User-Agent", "vireo-notify")
            .header("X-Vireo-Event", event.type())
            .header("X-Vireo-Delivery", node + "-" + event.seq())
            .header(Signature.TIMESTAMP_HEADER, Long.toString(timestamp))
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (!options.secret().isEmpty()) {
            request.header(Signature.HEADER, Signature.of(options.secret(), timestamp, body));
        }
        try {
            HttpResponse<InputStream> answer = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            int status = answer.statusCode();
            String shown = shown(answer.body());
            String what = "HTTP " + status + (shown.isEmpty() ? "" : " '" + shown + "'");
            boolean retryable = status == 408 || status == 425 || status == 429 || status >= 500;
            return new Attempt(status / 100 == 2, retryable, what, false);
        } catch (HttpTimeoutException e) {
            return new Attempt(false, true, "no answer within " + options.timeoutMillis() + " ms", false);
        } catch (IOException e) {
            return new Attempt(false, true, "failed: " + reason(e), false);
        } catch (InterruptedException e) {
            // the log dropped or closed the subscription: the post was cut; it is sent again
            return new Attempt(false, true, "interrupted", true);
        }
    }

    /** The first characters of an answer's body, on one line; the rest is not read. */
    private static String shown(InputStream body) {
        try (body) {
            String text = new String(body.readNBytes(BODY_SHOWN), StandardCharsets.UTF_8);
            return text.strip().replaceAll("\\s+", " ");
        } catch (IOException e) {
            return "";
        }
    }

    /** What failed, the innermost cause that says something (HttpClient wraps the socket's or TLS's exception). */
    private static String reason(Throwable t) {
        String found = t.toString();
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c.getMessage() != null) {
                found = c.getClass().getSimpleName() + ": " + c.getMessage();
            }
        }
        return found;
    }

    /** Waits {@code millis} before a retry; returns whether an interrupt came (it does not end the wait early). */
    private static boolean pause(long millis, BooleanSupplier stopping) {
        boolean interrupted = false;
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (long left; (left = end - System.nanoTime()) > 0 && !stopping.getAsBoolean(); ) {
            try {
                TimeUnit.NANOSECONDS.sleep(left);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        return interrupted;
    }
}
