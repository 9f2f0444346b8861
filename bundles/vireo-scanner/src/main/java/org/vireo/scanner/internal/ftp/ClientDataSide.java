package org.vireo.scanner.internal.ftp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;

import org.vireo.scanner.internal.proxy.Relay;

/**
 * How the client's data connection of the next transfer is made: it connects to a passive port of the proxy's
 * (PASV, EPSV), or the proxy connects to it (PORT, EPRT). Either way the connection is the client's own: one from any
 * other address is refused (a third party racing for the port), and the proxy connects only to the client's address
 * (no FTP bounce).
 */
abstract sealed class ClientDataSide permits ClientDataSide.Passive, ClientDataSide.Active {

    /** The client's data connection, made now or accepted, its relay holding what comes until it is attached. */
    abstract CompletableFuture<DataChannel> open(EventLoop loop, FtpRuntime runtime);

    /** Nothing of it is left open. */
    abstract void close();

    /** A passive port's listener, which takes one connection from the client and closes. */
    static final class Passive extends ClientDataSide {

        private final Channel listener;
        private final CompletableFuture<DataChannel> accepted;

        private Passive(Channel listener, CompletableFuture<DataChannel> accepted) {
            this.listener = listener;
            this.accepted = accepted;
        }

        /**
         * A listener on the next free passive port, on {@code loop}, that takes the first connection of
         * {@code client}'s: straight from it, or through a director whose PROXY header names it.
         */
        static CompletableFuture<Passive> listen(EventLoop loop, FtpRuntime runtime, PassivePorts ports,
                                                 InetAddress client) {
            CompletableFuture<DataChannel> accepted = new CompletableFuture<>();
            ServerBootstrap bootstrap = new ServerBootstrap().group(loop).channel(runtime.serverClass())
                .childOption(ChannelOption.AUTO_READ, false)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        accept(ch, client, accepted, runtime);
                    }
                });
            return ports.bind(bootstrap, runtime.options().listenAddress())
                .thenApply(listener -> new Passive(listener, accepted));
        }

        private static void accept(SocketChannel ch, InetAddress client, CompletableFuture<DataChannel> accepted,
                                   FtpRuntime runtime) {
            InetAddress peer = ch.remoteAddress().getAddress();
            Relay relay = new Relay();
            if (runtime.fromDirector().test(peer) && !accepted.isDone()) {
                // its PROXY header names the client: checked once it is read
                ch.config().setAutoRead(true);
                ch.pipeline().addLast(runtime.proxyHeaders().get(),
                    new DataHeaderGate(client, new DataChannel(ch, relay), accepted, runtime), relay);
                return;
            }
            if (!sameClient(client, peer) || accepted.isDone()) {
                runtime.log().refusedData(peer);
                ch.close(); // a third party racing for the port, or a second connection
                return;
            }
            ch.pipeline().addLast(relay);
            accepted.complete(new DataChannel(ch, relay));
            ch.parent().close();
        }

        int port() {
            return ((InetSocketAddress) listener.localAddress()).getPort();
        }

        @Override
        CompletableFuture<DataChannel> open(EventLoop loop, FtpRuntime runtime) {
            return accepted;
        }

        @Override
        void close() {
            listener.close();
            accepted.thenAccept(DataChannel::close);
            accepted.cancel(false);
        }
    }

    /** The address a client's PORT or EPRT named: its own. */
    static final class Active extends ClientDataSide {

        private final InetSocketAddress address;
        private ChannelFuture connecting;

        Active(InetSocketAddress address) {
            this.address = address;
        }

        @Override
        CompletableFuture<DataChannel> open(EventLoop loop, FtpRuntime runtime) {
            CompletableFuture<DataChannel> out = new CompletableFuture<>();
            Relay relay = new Relay();
            connecting = runtime.connectData(loop, address, runtime.options().dataTimeoutMillis(), relay);
            connecting.addListener((ChannelFuture f) -> {
                if (f.isSuccess()) {
                    out.complete(new DataChannel(f.channel(), relay));
                } else {
                    out.completeExceptionally(f.cause());
                }
            });
            return out;
        }

        @Override
        void close() {
            if (connecting != null) {
                connecting.channel().close();
            }
        }
    }

    /** Whether a data connection's peer may be this client's: the same address as its control connection's. */
    static boolean sameClient(InetAddress client, InetAddress peer) {
        return client != null && client.equals(peer);
    }
}
