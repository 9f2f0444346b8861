package org.vireo.scanner.internal.ftp;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.GlobalEventExecutor;

/**
 * The FTP proxy's control port: each client connection gets a {@link FtpSession}, after the director's PROXY header
 * when a director sent one (a client speaks only after the proxy's greeting, so the header is all that can come
 * first). Runs on the HTTP proxy's event loops.
 */
public final class FtpServer {

    private final FtpRuntime runtime;
    private final PassivePorts passivePorts;
    private Channel listener;
    private ChannelGroup sessions;

    public FtpServer(FtpRuntime runtime) {
        this.runtime = runtime;
        this.passivePorts = runtime.options().passive()
            ? new PassivePorts(runtime.options().passiveFirst(), runtime.options().passiveLast()) : null;
    }

    /**
     * Binds the control port; returns the bound address.
     *
     * @throws IllegalStateException when it cannot bind
     */
    public synchronized InetSocketAddress start(EventLoopGroup acceptors, EventLoopGroup workers)
        throws InterruptedException {
        FtpOptions options = runtime.options();
        sessions = new DefaultChannelGroup("vireo-ftp-sessions", GlobalEventExecutor.INSTANCE);
        ServerBootstrap bootstrap = new ServerBootstrap().group(acceptors, workers).channel(runtime.serverClass())
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    sessions.add(ch);
                    ch.pipeline().addLast(
                        new IdleStateHandler(0, 0, options.idleTimeoutMillis(), TimeUnit.MILLISECONDS),
                        runtime.proxyHeaders().get(),
                        new LineBasedFrameDecoder(FtpCommand.MAX_LINE_BYTES, true, true),
                        new FtpSession(runtime, passivePorts));
                }
            });
        InetSocketAddress at = new InetSocketAddress(options.listenAddress(), options.port());
        try {
            listener = bootstrap.bind(at).sync().channel();
        } catch (InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) { // sync() rethrows the bind's IOException undeclared
            throw new IllegalStateException("cannot listen for FTP on " + at + ": " + e.getMessage(), e);
        }
        return (InetSocketAddress) listener.localAddress();
    }

    /** Where it listens, or empty while stopped. */
    public synchronized java.util.Optional<InetSocketAddress> address() {
        return java.util.Optional.ofNullable(listener).map(l -> (InetSocketAddress) l.localAddress());
    }

    /** Stops accepting and ends every session (its transfers with it). */
    public synchronized void stop(long graceMillis) throws InterruptedException {
        if (listener == null) {
            return;
        }
        listener.close().await(graceMillis);
        listener = null;
        sessions.close().await(graceMillis);
    }
}
