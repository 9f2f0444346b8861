package org.vireo.scanner.internal.proxy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
import org.vireo.api.TailRing;
import org.vireo.scanner.internal.access.AccessEntry;
import org.vireo.scanner.internal.ftp.FtpOptions;
import org.vireo.scanner.internal.ftp.FtpRuntime;
import org.vireo.scanner.internal.ftp.FtpServer;
import org.vireo.scanner.internal.policy.DestinationGuard;
import org.vireo.scanner.internal.policy.LocalAddresses;
import org.vireo.rules.Policy;

/**
 * The filtering HTTP/1.1 forward proxy: listens, and runs every client connection through a {@link ClientHandler}.
 * A plain class with a start/stop lifecycle; the DS component around it owns the configuration.
 */
public final class ProxyServer {

    private static final Logger LOG = LoggerFactory.getLogger(ProxyServer.class);
    /**
     * Exchanges the recent list holds: enough for a page of 1000 after a filter, a few megabytes at most (targets are
     * cut to 1 KiB); on a busy proxy it spans seconds, which is what the file is for.
     */
    static final int RECENT_ACCESS = 4096;
    /** A stopping FTP proxy ends its sessions at once: a transfer cut is retried by its client (REST). */
    private static final long STOP_FTP_MILLIS = 1000;

    private final Supplier<Policy> policy;
    private final Supplier<LocalAddresses> localAddresses;
    private final Consumer<String> accessLines;
    private final ProxyCounters counters = new ProxyCounters(System::currentTimeMillis);
    private final FtpCounters ftpCounters = new FtpCounters();
    private final TailRing<AccessEntry> recentAccess = new TailRing<>(RECENT_ACCESS);
    private final ProxyHeaders headers = new ProxyHeaders(System::currentTimeMillis);
    private final Object directorsLock = new Object();
    /** The cluster's directors as the node registry last named them. */
    private Directors registered = Directors.NONE; // guarded by directorsLock
    /** The {@code directors} of the running configuration. */
    private Set<InetAddress> configured = Set.of(); // guarded by directorsLock
    /** Both: read as each connection is accepted. */
    private volatile Directors directors = Directors.NONE;
    private EventLoopGroup acceptors;
    private EventLoopGroup workers;
    private Channel listener;
    private ChannelGroup clients;
    private Resolver resolver;
    /** What the running HTTP proxy shares with the FTP proxy, and its transports. */
    private ProxyRuntime runtime;
    private Class<? extends ServerChannel> serverClass;
    private Class<? extends SocketChannel> clientClass;
    /** The FTP proxy's options, or null: it runs while the HTTP proxy runs, on its event loops. */
    private FtpOptions ftpOptions;
    private FtpServer ftp;

    /**
     * @param policy         the current rules, read once per request; the rules component swaps what it returns
     * @param localAddresses this node's and its cluster's addresses as last seen, read once per request
     */
    public ProxyServer(Supplier<Policy> policy, Supplier<LocalAddresses> localAddresses) {
        this(policy, localAddresses, null);
    }

    /** @param accessLines where the access log's lines go instead of its SLF4J logger; null: the logger */
    ProxyServer(Supplier<Policy> policy, Supplier<LocalAddresses> localAddresses, Consumer<String> accessLines) {
        this.policy = policy;
        this.localAddresses = localAddresses;
        this.accessLines = accessLines;
    }

    /**
     * Binds and starts serving; returns the bound address (the port is the real one when 0 was asked).
     *
     * @throws IllegalStateException when it cannot bind (nothing is left running)
     */
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
        synchronized (directorsLock) {
            configured = options.directors();
            directors = registered.and(configured);
        }
        resolver = new Resolver(options, System::nanoTime);
        Supplier<DestinationGuard> destinations = () -> new DestinationGuard(localAddresses.get(),
            options.refusePrivateDestinations());
        this.serverClass = serverClass;
        this.clientClass = clientClass;
        runtime = new ProxyRuntime(options, policy, destinations, resolver,
            new OriginPool(options, clientClass), new ProxyAuth(options.authUsers()), counters,
            accessLines == null ? new AccessLog(options.viaName(), recentAccess)
                : new AccessLog(options.viaName(), () -> true, accessLines, recentAccess));
        ServerBootstrap bootstrap = new ServerBootstrap().group(acceptors, workers).channel(serverClass)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    clients.add(ch);
                    ch.pipeline().addLast(
                        new IdleStateHandler(0, 0, options.idleTimeoutMillis(), TimeUnit.MILLISECONDS),
                        new ProxyProtocolHandler(headers, directors, options.requireProxyHeader(),
                            options.headerTimeoutMillis()),
                        new RequestDecoder(options), new HttpResponseEncoder(), new ClientHandler(runtime));
                }
            });
        InetSocketAddress at = new InetSocketAddress(options.listenInetAddress(), options.port());
        try {
            listener = bootstrap.bind(at).sync().channel();
        } catch (InterruptedException | RuntimeException e) {
            shutdownGroups(Duration.ZERO);
            throw e;
        } catch (Exception e) { // sync() rethrows the bind's IOException undeclared
            shutdownGroups(Duration.ZERO);
            throw new IllegalStateException("cannot listen on " + at + ": " + e.getMessage(), e);
        }
        InetSocketAddress bound = (InetSocketAddress) listener.localAddress();
        LOG.info("HTTP proxy listening on {} with {} transport, {} worker threads", bound,
            epoll ? "native epoll" : "NIO", options.workerThreads());
        if (ftpOptions != null) {
            startFtp();
        }
        return bound;
    }

    /**
     * Runs the FTP proxy with {@code options} (null: not at all), now if the HTTP proxy runs, else when it starts:
     * the two share the event loops, the rules, the resolver and the access log.
     *
     * @return where the FTP proxy listens now, if it runs
     * @throws IllegalStateException when it cannot bind (the FTP proxy is then stopped)
     */
    public synchronized java.util.Optional<InetSocketAddress> ftp(FtpOptions options) throws InterruptedException {
        stopFtp();
        ftpOptions = options;
        return listener == null || options == null ? java.util.Optional.empty() : java.util.Optional.of(startFtp());
    }

    private InetSocketAddress startFtp() throws InterruptedException {
        ProxyOptions http = runtime.options();
        FtpRuntime shared = new FtpRuntime(ftpOptions, runtime::admission, runtime.resolver()::resolve, clientClass,
            serverClass, () -> new ProxyProtocolHandler(headers, directors, http.requireProxyHeader(),
                http.headerTimeoutMillis()), address -> directors.contains(address), ProxyProtocolHandler::client,
            ProxyProtocolHandler::reached, new FtpAccess(runtime.accessLog(), ftpCounters), ftpCredentials(runtime.auth()));
        ftp = new FtpServer(shared);
        try {
            InetSocketAddress bound = ftp.start(acceptors, workers);
            LOG.info("FTP proxy listening on {}, passive ports {}-{}", bound, ftpOptions.passiveFirst(),
                ftpOptions.passiveLast());
            return bound;
        } catch (InterruptedException | RuntimeException e) {
            ftp = null;
            throw e;
        }
    }

    /** The HTTP proxy's users, asked by the FTP proxy's own login. */
    private static FtpRuntime.Credentials ftpCredentials(ProxyAuth auth) {
        return new FtpRuntime.Credentials() {
            @Override
            public boolean required() {
                return auth.required();
            }

            @Override
            public boolean admits(String user, String password) {
                return auth.admits(user, password);
            }
        };
    }

    private void stopFtp() throws InterruptedException {
        if (ftp != null) {
            ftp.stop(STOP_FTP_MILLIS);
            ftp = null;
            LOG.info("FTP proxy stopped");
        }
    }

    /**
     * Stops accepting, lets exchanges under way finish (idle connections close at once), and closes what is
     * left when the grace period is over.
     */
    public synchronized void stop(Duration grace) throws InterruptedException {
        if (listener == null) {
            return;
        }
        stopFtp();
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

    /**
     * The cluster's directors and backups, as the node registry names them now: the connections accepted from now
     * on may begin with a PROXY header from them (and must, with {@code requireProxyHeader}).
     */
    public void directors(Directors fromRegistry) {
        synchronized (directorsLock) { // not the server's lock: a stop may hold that for its grace period
            registered = fromRegistry;
            directors = registered.and(configured);
        }
    }

    /** The PROXY header counts for {@code scanner:stats}; they outlive restarts. */
    public ProxyHeaders headers() {
        return headers;
    }

    /** The access log's newest exchanges, for the API and {@code scanner:access-log}; they outlive restarts. */
    public TailRing<AccessEntry> recentAccess() {
        return recentAccess;
    }

    /** The FTP proxy's counters; they outlive restarts. */
    public FtpCounters ftpCounters() {
        return ftpCounters;
    }

    /** Where the FTP proxy listens, or empty while it does not. */
    public synchronized java.util.Optional<InetSocketAddress> ftpAddress() {
        return java.util.Optional.ofNullable(ftp).flatMap(FtpServer::address);
    }

    /** The counters for {@code scanner:stats} and the load report; they outlive restarts. */
    public ProxyCounters counters() {
        return counters;
    }
}
