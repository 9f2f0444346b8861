package org.vireo.balancer.internal.forward;

import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.SocketChannelConfig;
import io.netty.handler.timeout.IdleStateHandler;

/**
 * Layer-4 forwarding: accepts client connections on one address and forwards each, bytes both ways, to the
 * scanner {@link Backends} picks for the client's address, after a PROXY protocol v2 header that names the client
 * ({@link ProxyHeader}). A connect that fails (refused, timed out) is reported
 * and retried on another scanner, so the client does not see it. When no scanner can take a client, it waits
 * (up to the connect timeout, trying again every {@value #RETRY_PAUSE_MILLIS} ms) while a scanner is held down by a
 * refused connect alone: one that was starting when the client came serves it once it listens. Otherwise its
 * connection is closed at once. On the best {@link Transport} this machine allows (io_uring, else epoll, else
 * NIO); each scanner connection lives on its client's event loop (no handoff between threads).
 */
public final class Forwarder implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Forwarder.class);
    /** A side stops reading while the other has this much unsent (and resumes below the low mark). */
    static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(64 * 1024, 256 * 1024);
    /** Between two rounds of a client waiting for a scanner: a starting scanner listens within a fraction of a second. */
    static final long RETRY_PAUSE_MILLIS = 100;
    private static final long RETRY_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(RETRY_PAUSE_MILLIS);

    /**
     * @param connectTimeoutMillis a connect to a scanner that takes longer failed; also how long a client that no
     *                             scanner can take waits for one held down by a refused connect
     * @param idleTimeoutMillis    a connection with no byte either way for this long is closed (0: never)
     * @param attempts             scanners tried per client connection before giving up
     * @param threads              event loop threads
     * @param zeroCopyBytes        writes of at least this many bytes go out with io_uring's zero-copy send (the
     *                             kernel sends from the buffer's pages instead of copying them); 0: never, and
     *                             never on the other transports
     */
    public record Settings(int connectTimeoutMillis, int idleTimeoutMillis, int attempts, int threads,
                           int zeroCopyBytes) {

        public Settings(int connectTimeoutMillis, int idleTimeoutMillis, int attempts, int threads) {
            this(connectTimeoutMillis, idleTimeoutMillis, attempts, threads, 0);
        }
    }

    private final Backends backends;
    private final Transport transport;
    private volatile Settings settings;
    private final EventLoopGroup group;
    private final Class<? extends ServerChannel> serverClass;
    private final Supplier<SocketChannel> newSocket;
    private final LongAdder accepted = new LongAdder();
    private final LongAdder unserved = new LongAdder();
    /** Bytes relayed to the master (send-to-master): not any scanner's. */
    private final Traffic relayed = new Traffic();
    private final LongAdder relayedConnections = new LongAdder();

    /** On the best transport this machine allows. */
    public Forwarder(Backends backends, Settings settings) {
        this(backends, settings, Transport.choose(Transport.AUTO).transport());
    }

    public Forwarder(Backends backends, Settings settings, Transport transport) {
        this.backends = backends;
        this.settings = settings;
        this.transport = transport;
        group = transport.newGroup(settings.threads());
        serverClass = transport.serverChannel();
        newSocket = transport.sockets();
    }

    /** What it runs on. */
    public Transport transport() {
        return transport;
    }

    /** Listens on {@code address} for the HTTP route; the bound address (port 0: the one chosen). */
    public InetSocketAddress listen(InetSocketAddress address) throws InterruptedException {
        return (InetSocketAddress) open(address, Route.HTTP, false).localAddress();
    }

    /** Whether a listener may be bound on an address not (yet) on an interface: the transport has IP_FREEBIND. */
    public boolean canBindAhead() {
        return transport.freeBind().isPresent();
    }

    /**
     * Listens on {@code address}, forwarding along {@code route}; closing the returned channel stops listening.
     *
     * @param freeBind bind even though the address is not (yet) on an interface (IP_FREEBIND; not on NIO): a VIP
     *                 that the VIP manager is adding at the same moment
     * @throws InterruptedException while binding
     * @throws java.io.IOException  (sneaky, from Netty) the address cannot be bound: in use, not local, no privilege
     */
    public Channel open(InetSocketAddress address, Route route, boolean freeBind) throws InterruptedException {
        ServerBootstrap b = new ServerBootstrap().group(group).channel(serverClass)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .option(ChannelOption.SO_REUSEADDR, true)
            // reads on from the start: epoll ends the input at a half-close without reading what came before it
            // while reads are off; Waiting holds what arrives before the scanner connection is up (bounded)
            .childOption(ChannelOption.AUTO_READ, true)
            .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
            // TCP_NODELAY: Netty's socket configs (epoll and NIO) turn it on by default; set again, it cost a
            // setsockopt per socket
            .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel client) {
                    accepted.increment();
                    zeroCopy(client, settings.zeroCopyBytes());
                    client.pipeline().addLast("waiting", new Waiting());
                    connect(client, route, new Tries(System.nanoTime()
                        + TimeUnit.MILLISECONDS.toNanos(settings.connectTimeoutMillis())));
                }
            });
        if (freeBind) {
            transport.freeBind().ifPresent(option -> b.option(option, true));
        }
        return b.bind(address).sync().channel();
    }

    /** New timeouts and attempts for the connections accepted from now on (the thread count stays). */
    public void update(Settings next) {
        settings = new Settings(next.connectTimeoutMillis(), next.idleTimeoutMillis(), next.attempts(),
            settings.threads(), next.zeroCopyBytes());
    }

    /** Client connections accepted since the start. */
    public long accepted() {
        return accepted.sum();
    }

    /** Client connections relayed to the master (send-to-master) since the start. */
    public long relayed() {
        return relayedConnections.sum();
    }

    /** Client connections closed at once because no scanner could take them. */
    public long unserved() {
        return unserved.sum();
    }

    private void connect(SocketChannel client, Route route, Tries tries) {
        Settings settings = this.settings;
        String clientAddress = client.remoteAddress().getAddress().getHostAddress();
        boolean relay = route.relayTo() != null;
        Optional<Backends.Backend> chosen;
        if (relay) { // one try: the master balances, and a master that refuses is no scanner to mark down
            chosen = tries.attempts() == 0 ? Optional.of(new Backends.Backend("master", route.relayTo(), relayed))
                : Optional.empty();
        } else {
            chosen = tries.attempts() < settings.attempts() ? pick(route, clientAddress, tries.excluded())
                : Optional.empty();
        }
        if (chosen.isEmpty()) {
            if (!relay && backends.mayServeSoon() && tries.mayWait(System.nanoTime(), RETRY_PAUSE_NANOS)) {
                // a scanner held down by a refused connect may be starting: the client waits and tries again
                // rather than be closed (a reset, if it had sent its request)
                tries.nextRound();
                client.eventLoop().schedule(() -> {
                    if (client.isActive()) {
                        connect(client, route, tries);
                    }
                }, RETRY_PAUSE_NANOS, TimeUnit.NANOSECONDS);
                return;
            }
            LOG.debug("no scanner can take {} (tried {}): closed", clientAddress, tries.excluded());
            unserved.increment();
            client.close();
            return;
        }
        tries.picked();
        Backends.Backend backend = chosen.get();
        // the channel made here rather than by a Bootstrap per connection (its option map, reflective factory,
        // resolver lookup and an initializer added and removed again): connections per second are what a
        // close-per-request load costs; on the client's event loop, so registering completes at once
        SocketChannel scanner = newSocket.get();
        SocketChannelConfig config = scanner.config();
        config.setConnectTimeoutMillis(settings.connectTimeoutMillis());
        config.setAutoRead(false);
        config.setAllowHalfClosure(true);
        config.setWriteBufferWaterMark(WATER_MARK);
        zeroCopy(scanner, settings.zeroCopyBytes());
        client.eventLoop().register(scanner).addListener((ChannelFuture r) -> {
            if (!r.isSuccess()) { // the event loop is shutting down
                if (!relay) {
                    backends.abandoned(backend.id());
                }
                scanner.unsafe().closeForcibly();
                client.close();
                return;
            }
            scanner.connect(relay ? backend.address() : route.target(backend)).addListener((ChannelFuture f) ->
                connected(f, client, route, relay, backend, tries, settings));
        });
    }

    /** An FTP data connection goes where its client's session is; any other, where the scheduler says. */
    private Optional<Backends.Backend> pick(Route route, String client, Set<String> excluded) {
        if (route.followsSession()) {
            Optional<Backends.Backend> session = backends.sessionOf(client, excluded);
            if (session.isPresent()) {
                return session;
            }
        }
        return backends.pick(client, excluded);
    }

    private void connected(ChannelFuture f, SocketChannel client, Route route, boolean relay, Backends.Backend backend,
                           Tries tries, Settings settings) {
        if (!f.isSuccess()) {
            if (relay) {
                LOG.debug("relay of {} to the master {} failed", client.remoteAddress(), backend.address(), f.cause());
            } else if (route.passiveHealth()) {
                backends.failed(backend.id(), f.cause());
            } else {
                backends.missed(backend.id(), f.cause());
            }
            tries.failed(backend.id());
            if (client.isActive()) {
                connect(client, route, tries);
            }
            return;
        }
        Channel scanner = f.channel();
        if (!client.isActive()) {
            if (!relay) {
                backends.abandoned(backend.id());
            }
            scanner.close();
            return;
        }
        Runnable onClosed;
        if (relay) { // the master balances: not a connection of this node's table
            relayedConnections.increment();
            onClosed = () -> { };
        } else if (route.opensSession()) {
            String clientAddress = client.remoteAddress().getAddress().getHostAddress();
            backends.opened(backend.id());
            backends.sessionOpened(clientAddress, backend.id());
            onClosed = () -> {
                backends.closed(backend.id());
                backends.sessionClosed(clientAddress, backend.id());
            };
        } else {
            backends.opened(backend.id());
            onClosed = () -> backends.closed(backend.id());
        }
        if (!relay) { // the master's balancer takes no header: it sees this node as the client
            ProxyHeader.write(scanner, client); // first on the connection: the scanner learns who the client is
        }
        Connection c = new Connection(client, scanner, backend.traffic(), onClosed);
        if (settings.idleTimeoutMillis() > 0) {
            client.pipeline().addFirst(new IdleStateHandler(0, 0, settings.idleTimeoutMillis(),
                TimeUnit.MILLISECONDS));
        }
        scanner.pipeline().addLast(new Pipe(client, c, false));
        Waiting waiting = (Waiting) client.pipeline().get("waiting");
        waiting.handOver(client.pipeline().context(waiting), new Pipe(scanner, c, true));
        if (client.isActive()) {
            client.config().setAutoRead(true);
        }
        scanner.config().setAutoRead(true);
    }

    private void zeroCopy(SocketChannel channel, int bytes) {
        if (bytes > 0) {
            transport.zeroCopyThreshold().ifPresent(option -> channel.config().setOption(option, bytes));
        }
    }

    /** Stops the event loops: every listener and forwarded connection closes. */
    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
