package org.vireo.scanner.internal.proxy;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.scanner.internal.policy.Policy;

/**
 * The filtering HTTP/1.1 forward proxy: listens, and runs every client connection through a {@link ClientHandler}.
 * A plain class with a start/stop lifecycle; the DS component around it owns the configuration.
 */
public final class ProxyServer {

    private static final Logger LOG = LoggerFactory.getLogger(ProxyServer.class);

    private final Supplier<Policy> policy;
    private final ProxyCounters counters = new ProxyCounters(System::currentTimeMillis);
    private EventLoopGroup acceptors;
    private EventLoopGroup workers;
    private Channel listener;
    private ChannelGroup clients;
    private Resolver resolver;

    /** @param policy the current rules, read once per request; the rules component swaps what it returns */
    public ProxyServer(Supplier<Policy> policy) {
        this.policy = policy;
    }

    /** Binds and starts serving; returns the bound address (the port is the real one when 0 was asked). */
    public synchronized InetSocketAddress start(ProxyOptions options) throws InterruptedException {
        if (listener != null) {
            throw new IllegalStateException("the proxy is already running on " + listener.localAddress());
        }
        boolean epoll = Epoll.isAvailable();
        Class<? extends ServerChannel> serverClass = epoll ? EpollServerSocketChannel.class
            : NioServerSocketChannel.class;
        Class<? extends SocketChannel> clientClass = epoll ? EpollSocketChannel.class : NioSocketChannel.class;
        acceptors = epoll ? new EpollEventLoopGroup(1, new DefaultThreadFactory("vireo-proxy-accept"))
            : new NioEventLoopGroup(1, new DefaultThreadFactory("vireo-proxy-accept"));
        workers = epoll ? new EpollEventLoopGroup(options.workerThreads(), new DefaultThreadFactory("vireo-proxy"))
            : new NioEventLoopGroup(options.workerThreads(), new DefaultThreadFactory("vireo-proxy"));
        clients = new DefaultChannelGroup("vireo-proxy-clients", GlobalEventExecutor.INSTANCE);
        resolver = new Resolver(options, System::nanoTime);
        ProxyRuntime runtime = new ProxyRuntime(options, policy, resolver, new OriginPool(options, clientClass),
            new ProxyAuth(options.authUsers()), counters, new AccessLog(options.viaName()));
        ServerBootstrap bootstrap = new ServerBootstrap().group(acceptors, workers).channel(serverClass)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    clients.add(ch);
                    HeadGuard guard = new HeadGuard(options.maxHeaderCount(), options.headerTimeoutMillis());
                    ch.pipeline().addLast(
                        new IdleStateHandler(0, 0, options.idleTimeoutMillis(), TimeUnit.MILLISECONDS),
                        guard, new RequestDecoder(options), new HttpResponseEncoder(),
                        new ClientHandler(runtime, guard));
                }
            });
        try {
            listener = bootstrap.bind(new InetSocketAddress(options.listenInetAddress(), options.port()))
                .sync().channel();
        } catch (InterruptedException | RuntimeException e) {
            shutdownGroups(Duration.ZERO);
            throw e;
        }
        InetSocketAddress bound = (InetSocketAddress) listener.localAddress();
        LOG.info("HTTP proxy listening on {} with {} transport, {} worker threads", bound,
            epoll ? "native epoll" : "NIO", options.workerThreads());
        return bound;
    }

    /**
     * Stops accepting, lets exchanges under way finish (idle connections close at once), and closes what is
     * left when the grace period is over.
     */
    public synchronized void stop(Duration grace) throws InterruptedException {
        if (listener == null) {
            return;
        }
        listener.close().await(grace.toMillis());
        listener = null;
        clients.forEach(ch -> ch.pipeline().fireUserEventTriggered(ClientHandler.STOPPING));
        if (!clients.newCloseFuture().await(grace.toMillis())) {
            LOG.info("closing {} proxy connections still busy after {}", clients.size(), grace);
        }
        clients.close().await(grace.toMillis());
        shutdownGroups(grace);
        LOG.info("HTTP proxy stopped");
    }

    private void shutdownGroups(Duration grace) throws InterruptedException {
        acceptors.shutdownGracefully(0, grace.toMillis(), TimeUnit.MILLISECONDS);
        workers.shutdownGracefully(0, grace.toMillis(), TimeUnit.MILLISECONDS);
        acceptors.terminationFuture().await(grace.toMillis() + 1000);
        workers.terminationFuture().await(grace.toMillis() + 1000);
        resolver.close();
    }

    /** The address the proxy listens on, or empty while it is stopped. */
    public synchronized java.util.Optional<InetSocketAddress> address() {
        return java.util.Optional.ofNullable(listener).map(l -> (InetSocketAddress) l.localAddress());
    }

    /** The counters for {@code scanner:stats} and the load report; they outlive restarts. */
    public ProxyCounters counters() {
        return counters;
    }
}
