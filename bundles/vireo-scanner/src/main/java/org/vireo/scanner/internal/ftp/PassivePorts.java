package org.vireo.scanner.internal.ftp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;

/**
 * The passive data ports handed to clients: each PASV or EPSV gets a listener of its own on the next port of the
 * range that is free, taken in turn so that a port just closed is the last to come again (a late connection of the
 * previous transfer finds nothing). Behind a director the range is the balancer's {@code ftpPassivePorts}: the
 * director forwards each of those ports to the same port of the scanner that holds the client.
 */
final class PassivePorts {

    private final int first;
    private final int size;
    private final AtomicInteger turn = new AtomicInteger();

    PassivePorts(int first, int last) {
        this.first = first;
        this.size = last - first + 1;
    }

    /** The port tried at turn {@code n}. */
    int port(int n) {
        return first + Math.floorMod(n, size);
    }

    /**
     * Binds {@code bootstrap} on {@code address} at the next free port; fails when every port of the range is
     * taken.
     */
    CompletableFuture<Channel> bind(ServerBootstrap bootstrap, InetAddress address) {
        CompletableFuture<Channel> bound = new CompletableFuture<>();
        attempt(bootstrap, address, turn.getAndIncrement(), size, bound);
        return bound;
    }

    private void attempt(ServerBootstrap bootstrap, InetAddress address, int n, int left, CompletableFuture<Channel> out) {
        int port = port(n);
        bootstrap.bind(new InetSocketAddress(address, port)).addListener((ChannelFuture f) -> {
            if (f.isSuccess()) {
                out.complete(f.channel());
            } else if (left > 1) {
                attempt(bootstrap, address, turn.getAndIncrement(), left - 1, out);
            } else {
                out.completeExceptionally(new IllegalStateException("every passive port " + first + "-"
                    + (first + size - 1) + " is in use"));
            }
        });
    }
}
