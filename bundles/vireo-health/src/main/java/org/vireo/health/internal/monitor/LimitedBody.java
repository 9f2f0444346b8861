package org.vireo.health.internal.monitor;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Reads at most {@code limit} bytes of a response body, then stops reading (the connection is closed): a health
 * page that streams forever, or a large download behind the URL, costs no more than the limit.
 */
final class LimitedBody implements HttpResponse.BodySubscriber<byte[]> {

    private final int limit;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private volatile Flow.Subscription subscription;

    LimitedBody(int limit) {
        this.limit = limit;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (limit == 0) {
            body.complete(new byte[0]);
        }
        if (body.isDone()) {
            s.cancel(); // nothing to read, or cancelled before the body began
        } else {
            s.request(1);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer b : buffers) {
            int n = Math.min(b.remaining(), limit - bytes.size());
            byte[] chunk = new byte[n];
            b.get(chunk);
            bytes.write(chunk, 0, n);
        }
        if (bytes.size() >= limit) {
            subscription.cancel();
            body.complete(bytes.toByteArray());
        } else {
            subscription.request(1);
        }
    }

    @Override
    public void onError(Throwable e) {
        body.completeExceptionally(e);
    }

    @Override
    public void onComplete() {
        body.complete(bytes.toByteArray());
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return body;
    }

    /** Stops reading: the check was cancelled. */
    void cancel() {
        body.cancel(false);
        Flow.Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
    }
}
