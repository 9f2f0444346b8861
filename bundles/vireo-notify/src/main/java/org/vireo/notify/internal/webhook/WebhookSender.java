package org.vireo.notify.internal.webhook;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;


import org.vireo.events.NodeEvent;
import org.vireo.notify.internal.Retries;
import org.vireo.notify.internal.Retries.Attempt;
import org.vireo.notify.internal.Sender;
import org.vireo.notify.internal.Trust;

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
            builder.sslContext(Trust.context(options.trusted())); // the JDK still checks the URL's host name
        }
        this.client = builder.build();
    }

    @Override
    public String target() {
        return options.url().toString();
    }

    @Override
    public Outcome send(NodeEvent event, String node, BooleanSupplier stopping) {
        byte[] body = event.toJson(node).getBytes(StandardCharsets.UTF_8);
        return Retries.run(options.retries(), options.retryDelayMillis(), stopping, () -> post(event, node, body));
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
            return status / 100 == 2 ? Attempt.done(what) : new Attempt(false, retryable, what);
        } catch (HttpTimeoutException e) {
            return Attempt.retryable("no answer within " + options.timeoutMillis() + " ms");
        } catch (IOException e) {
            return Attempt.retryable("failed: " + reason(e));
        } catch (InterruptedException e) {
            // the log dropped or closed the subscription: the post was cut; it is sent again
            Thread.currentThread().interrupt();
            return Attempt.retryable("interrupted");
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
}
