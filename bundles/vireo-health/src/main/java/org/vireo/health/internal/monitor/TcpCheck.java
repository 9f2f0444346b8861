package org.vireo.health.internal.monitor;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.AsynchronousChannelGroup;
import java.nio.channels.AsynchronousSocketChannel;
import java.nio.channels.CompletionHandler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.regex.Pattern;

import org.vireo.health.CheckResult;

/**
 * A TCP connect, non-blocking: the connect completes on the one thread of {@code group} (shared by every TCP
 * check), and the socket is closed when the check ends, by itself or cancelled.
 */
final class TcpCheck implements Check {

    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
        + "(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");

    private final String host;
    private final int port;
    private final AsynchronousChannelGroup group;
    private final Executor resolver;

    /** @param resolver runs name lookups (they block); IP literals need none */
    TcpCheck(String host, int port, AsynchronousChannelGroup group, Executor resolver) {
        this.host = host;
        this.port = port;
        this.group = group;
        this.resolver = resolver;
    }

    @Override
    public CompletableFuture<CheckResult> start() {
        Stopwatch watch = new Stopwatch();
        CompletableFuture<CheckResult> result = new CompletableFuture<>();
        CompletableFuture<InetAddress> address;
        try {
            address = isLiteral(host) ? CompletableFuture.completedFuture(InetAddress.getByName(host))
                : CompletableFuture.supplyAsync(this::lookUp, resolver);
        } catch (UnknownHostException | RejectedExecutionException e) {
            address = CompletableFuture.failedFuture(e);
        }
        address.whenComplete((a, e) -> {
            if (e != null) {
                result.complete(watch.failure(Failures.describe(e)));
            } else {
                connect(new InetSocketAddress(a, port), watch, result);
            }
        });
        return result;
    }

    private void connect(InetSocketAddress to, Stopwatch watch, CompletableFuture<CheckResult> result) {
        AsynchronousSocketChannel channel;
        try {
            channel = AsynchronousSocketChannel.open(group);
        } catch (IOException e) {
            result.complete(watch.failure("cannot open a socket: " + e.getMessage()));
            return;
        }
        result.whenComplete((r, e) -> close(channel)); // also when cancelled: that ends a connect in progress
        try {
            channel.connect(to, null, new CompletionHandler<Void, Void>() {
                @Override
                public void completed(Void v, Void attachment) {
                    result.complete(watch.successIn("connected", ""));
                }

                @Override
                public void failed(Throwable e, Void attachment) {
                    result.complete(watch.failure(Failures.describe(e)));
                }
            });
        } catch (RuntimeException e) { // closed by a cancel before the connect began, or the group is shut down
            result.complete(watch.failure(Failures.describe(e)));
        }
    }

    private InetAddress lookUp() {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new java.util.concurrent.CompletionException(e);
        }
    }

    /** An IP literal, which InetAddress parses without a lookup (a malformed dotted quad would be looked up). */
    private static boolean isLiteral(String host) {
        return host.contains(":") || IPV4.matcher(host).matches();
    }

    private static void close(AsynchronousSocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was sent on it: nothing to lose
        }
    }
}
