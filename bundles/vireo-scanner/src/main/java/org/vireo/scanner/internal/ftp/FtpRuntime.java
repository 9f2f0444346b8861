package org.vireo.scanner.internal.ftp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.ServerChannel;
import io.netty.channel.socket.SocketChannel;

import org.vireo.scanner.internal.policy.Admission;
import org.vireo.scanner.internal.proxy.Relay;

/**
 * What the FTP proxy takes from the scanner's proxy: its admission decision, resolver, transports, PROXY header
 * handling and log, so that FTP goes through the same rules, the same DNS cache and the same access log as HTTP.
 *
 * @param admission    a session's admission, with the rule set and protected destinations in force now
 * @param resolver     a host's addresses (literals are their own)
 * @param proxyHeaders a new handler that reads a director's PROXY header at the start of a connection, and fires
 *                     {@code ProxyHeaders.READ} when it has
 * @param fromDirector whether a connection from this address is a director's, which begins with a PROXY header
 * @param client       the client of a connection: the one its director named, else its peer
 * @param reached      the address a client connected to: the VIP its director named, else the local address
 * @param credentials  the proxy's own users (the HTTP proxy's {@code authUsers}): required before a client may name
 *                     a server, when there are any
 */
public record FtpRuntime(FtpOptions options, Supplier<Admission> admission,
                         Function<String, CompletableFuture<List<InetAddress>>> resolver,
                         Class<? extends SocketChannel> channelClass, Class<? extends ServerChannel> serverClass,
                         Supplier<ChannelHandler> proxyHeaders, Predicate<InetAddress> fromDirector,
                         Function<Channel, InetSocketAddress> client,
                         Function<Channel, InetSocketAddress> reached, FtpLog log, Credentials credentials) {

    /** The proxy's own users. */
    public interface Credentials {

        /** Nobody: every client may log in to a server. */
        Credentials NONE = new Credentials() {
            @Override
            public boolean required() {
                return false;
            }

            @Override
            public boolean admits(String user, String password) {
                return true;
            }
        };

        boolean required();

        boolean admits(String user, String password);
    }

    /** The control connection to the server at {@code address}, its replies read by {@code replies}. */
    ChannelFuture connectControl(EventLoop loop, InetSocketAddress address, OriginControl.Replies replies) {
        return new Bootstrap().group(loop).channel(channelClass)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, options.connectTimeoutMillis())
            .option(ChannelOption.TCP_NODELAY, true)
            .handler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    OriginControl.addTo(ch, replies);
                }
            })
            .connect(address);
    }

    /** A data connection to {@code address}, made on {@code loop}, what comes held by {@code relay} till attached. */
    ChannelFuture connectData(EventLoop loop, InetSocketAddress address, int timeoutMillis, Relay relay) {
        return new Bootstrap().group(loop).channel(channelClass)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, timeoutMillis)
            .option(ChannelOption.AUTO_READ, false)
            .handler(relay)
            .connect(address);
    }
}
