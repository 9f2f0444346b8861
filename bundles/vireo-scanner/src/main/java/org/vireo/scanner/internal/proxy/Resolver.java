package org.vireo.scanner.internal.proxy;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Name resolution off the I/O threads: the JDK resolver on a small executor, bounded by a timeout, with a cache of
 * answers (positive TTL) and of failures (negative TTL) so that a flood of requests to one name costs one lookup.
 * It gives every address of a name, in the resolver's order: the proxy checks each and connects only to one it
 * checked, so a name that also resolves to a protected address (DNS rebinding) cannot take it there.
 */
final class Resolver {

    private record Entry(List<InetAddress> addresses, UnknownHostException failure, long expiresNanos) {
    }

    private final ExecutorService executor;
    private final LongSupplier nanoClock;
    private final long timeoutMillis;
    private final long positiveTtlNanos;
    private final long negativeTtlNanos;
    private final Map<String, Entry> cache = new ConcurrentHashMap<>();

    Resolver(ProxyOptions options, LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
        this.timeoutMillis = options.dnsTimeoutMillis();
        this.positiveTtlNanos = TimeUnit.MILLISECONDS.toNanos(options.dnsPositiveTtlMillis());
        this.negativeTtlNanos = TimeUnit.MILLISECONDS.toNanos(options.dnsNegativeTtlMillis());
        this.executor = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "vireo-proxy-dns");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The host's addresses (at least one); fails with UnknownHostException (not found, or the lookup timed out). An
     * address literal is its own answer; the caller has refused numeric forms that are not literals (127.1).
     */
    CompletableFuture<List<InetAddress>> resolve(String host) {
        InetAddress literal = ProxyOptions.literal(host);
        if (literal != null) {
            return CompletableFuture.completedFuture(List.of(literal));
        }
        long now = nanoClock.getAsLong();
        Entry cached = cache.get(host);
        if (cached != null && cached.expiresNanos - now > 0) {
            return cached.failure != null ? CompletableFuture.failedFuture(cached.failure)
                : CompletableFuture.completedFuture(cached.addresses);
        }
        return CompletableFuture.supplyAsync(() -> lookup(host), executor)
            .orTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
            .handle((addresses, error) -> {
                long at = nanoClock.getAsLong();
                if (error == null) {
                    cache.put(host, new Entry(addresses, null, at + positiveTtlNanos));
                    return CompletableFuture.completedFuture(addresses);
                }
                UnknownHostException failure = new UnknownHostException(host + ": "
                    + (error.getCause() instanceof UnknownHostException ? "no such host"
                    : "lookup timed out after " + timeoutMillis + " ms"));
                cache.put(host, new Entry(null, failure, at + negativeTtlNanos));
                return CompletableFuture.<List<InetAddress>>failedFuture(failure);
            })
            .thenCompose(f -> f);
    }

    private static List<InetAddress> lookup(String host) {
        try {
            return List.of(InetAddress.getAllByName(host));
        } catch (UnknownHostException e) {
            throw new java.util.concurrent.CompletionException(e);
        }
    }

    void close() {
        executor.shutdownNow();
    }
}
