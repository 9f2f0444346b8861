package org.vireo.cluster.internal.channel;

import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

import javax.net.ssl.SSLSocket;

import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.MergeView;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.logging.LogFactory;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.MFC;
import org.jgroups.protocols.MPING;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UFC;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;
import org.jgroups.stack.ProtocolStack;
import org.jgroups.util.NameCache;
import org.jgroups.util.DefaultSocketFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.internal.tls.NodeCredentials;

/**
 * The cluster channel over JGroups: a stack built in code (no XML) on TCP with mutual TLS 1.3 from the node's own
 * credentials, static discovery (TCPPING, and MPING if asked), failure detection by heartbeats (FD_ALL3, no FD_SOCK2:
 * it opens a plaintext port), partition healing (MERGE3) and fragmentation of large payloads (FRAG4). Members are
 * known by node name ({@code channel.name}); names map to JGroups addresses through the current view.
 *
 * <p>Logging: JGroups picks its logger once, by itself: log4j2-core if visible, else slf4j (which pax-logging
 * provides in Karaf, and the re-bundled JGroups imports optionally), else java.util.logging; all three end in
 * pax-logging, so nothing is set here (no JVM-wide {@code LogFactory.setCustomLogFactory}).
 *
 * <p>TLS refusals (ours, reported by the trust manager) reach {@link Listener#refused} and {@link #lastRefusals()};
 * a node refused by everyone else ends up alone in its view, which is reported the same way after joining.
 */
public final class JGroupsTransport implements ClusterTransport {

    private static final Logger LOG = LoggerFactory.getLogger(JGroupsTransport.class);
    private static final Pattern NODE_NAME = Pattern.compile("[A-Za-z0-9._-]{1,63}");
    private static final int REFUSALS_KEPT = 16;
    private static final String TLS_13 = "TLSv1.3";
    /**
     * Limit of a TCP connect and of a TLS handshake (JGroups' peer address read timeout bounds the server side
     * likewise). JGroups opens connections while holding its connection table's lock, so every attempt at an
     * unreachable configured member (MERGE3 retries every few seconds) holds up new connections and view
     * installation for up to this long: it must stay well below the failure timeout. On a LAN both take
     * milliseconds.
     */
    private static final int CONNECT_MILLIS = 1000;
    /**
     * Limit of a TLS handshake: longer than a connect (a loaded node took over a second for the handshakes of a
     * join in cluster-bench), still well below the failure timeout.
     */
    private static final int HANDSHAKE_MILLIS = 1500;
    /** The same refusal is logged at WARN at most this often (MERGE3 retries it every few seconds). */
    private static final Duration REFUSAL_LOG_INTERVAL = Duration.ofMinutes(1);

    private final String nodeName;
    private final ChannelSettings settings;
    private final Listener listener;
    private final Clock clock;
    private final JChannel channel;
    private final Deque<Refusal> refusals = new ArrayDeque<>(); // guarded by itself
    private final Map<String, Instant> refusalLogged = new ConcurrentHashMap<>();
    private final AtomicLong viewIds = new AtomicLong();
    private final AtomicLong refusalCount = new AtomicLong();
    private final Object lifecycle = new Object();
    private volatile ClusterView view;
    private volatile Map<String, Address> addresses = Map.of();
    private volatile String failure;
    private Thread joiner; // guarded by lifecycle
    private boolean started; // guarded by lifecycle
    private boolean closed; // guarded by lifecycle

    /**
     * Reads the node's credentials and builds the stack; nothing is bound or sent before {@link #start()}.
     *
     * @throws IllegalArgumentException if the settings leave the cluster off, or the node name is unusable
     * @throws org.vireo.cluster.internal.tls.CredentialsException if the keystore or truststore cannot be used
     */
    public JGroupsTransport(String nodeName, ChannelSettings settings, Listener listener) {
        this(nodeName, settings, listener, Clock.systemUTC());
    }

    public JGroupsTransport(String nodeName, ChannelSettings settings, Listener listener, Clock clock) {
        if (nodeName == null || !NODE_NAME.matcher(nodeName).matches()) {
            throw new IllegalArgumentException("node name '" + nodeName + "': expected 1-63 letters, digits, '.', '_'"
                + " or '-' (the name in the node's certificate)");
        }
        if (!settings.enabled()) {
            throw new IllegalArgumentException("configuration " + ChannelSettings.PID + ": "
                + ChannelSettings.BIND_ADDRESS + " is not set, so the cluster is off on this node; expected an IP"
                + " address of this node to start the channel");
        }
        this.nodeName = nodeName;
        this.settings = settings;
        this.listener = listener;
        this.clock = clock;
        this.view = new ClusterView(0, List.of(nodeName), nodeName, false);
        NodeCredentials credentials = NodeCredentials.load(settings.keystore(),
            settings.keystorePassword().toCharArray(), settings.truststore(), settings.truststorePassword().toCharArray(),
            this::peerRefused, clock);
        try {
            TCP tcp = transport(credentials);
            channel = new JChannel(stack(tcp));
            tcp.getDiagnosticsHandler().setEnabled(false); // probe would answer on a plaintext multicast socket
        } catch (Exception e) {
            throw new IllegalStateException("cannot build the JGroups stack for " + settings + ": " + e, e);
        }
        channel.name(nodeName);
        channel.setDiscardOwnMessages(true);
        channel.setReceiver(new Receiver() {
            @Override
            public void receive(Message msg) {
                deliver(msg);
            }

            @Override
            public void viewAccepted(View newView) {
                install(newView);
            }
        });
        LOG.debug("cluster channel for {} built, JGroups logs through {}", nodeName, LogFactory.loggerType());
    }

    private TCP transport(NodeCredentials credentials) {
        TCP tcp = new TCP();
        tcp.setBindAddress(settings.bindAddress().orElseThrow());
        tcp.setBindPort(settings.bindPort());
        tcp.setPortRange(0); // the configured port or none: peers are configured with it
        tcp.setSockConnTimeout(CONNECT_MILLIS);
        // one sender per destination: an unreachable configured member, retried by every discovery round, holds up
        // only its own queue (established connections are found without the connection table's lock)
        tcp.setBundlerType("per-destination");
        // small messages (a change, a report) go out at once: with Nagle's algorithm left on (JGroups' default) a
        // change waited for the delayed ACK of the previous one, a 40 ms tail (cluster-bench)
        tcp.tcpNodelay(true);
        settings.advertisedAddress().ifPresent(tcp::setExternalAddr);
        if (settings.advertisedPort() > 0) {
            tcp.setExternalPort(settings.advertisedPort());
        }
        // what org.jgroups.util.TLS would set up, plus a time limit on the client handshake: JGroups connects and
        // shakes hands holding its connection table's lock, so a peer that accepts TCP but never answers TLS would
        // stall every send, the join and close() for good
        // and on the cluster port the handshake completed before JGroups reads, so that every refused peer is reported
        DefaultSocketFactory sockets = new DefaultSocketFactory(credentials.sslContext().getSocketFactory(),
            credentials.serverSockets(HANDSHAKE_MILLIS));
        sockets.setSocketConfigurator(s -> limitHandshake((SSLSocket) s, HANDSHAKE_MILLIS));
        tcp.setSocketFactory(sockets);
        return tcp;
    }

    /**
     * A read timeout for the handshake only: it is lifted once the handshake completed, since JGroups' receiver
     * closes a connection whose read times out. The JDK tells of the completed handshake on a thread of its own,
     * so the very first read may still carry the limit; heartbeats (every heartbeatIntervalMillis) arrive well
     * within it. Server side, the cluster port's sockets bound the handshake with the same limit.
     */
    private static void limitHandshake(SSLSocket socket, int timeoutMillis) {
        socket.setEnabledProtocols(new String[] {TLS_13});
        try {
            socket.setSoTimeout(timeoutMillis);
        } catch (SocketException e) {
            throw new UncheckedIOException(e);
        }
        socket.addHandshakeCompletedListener(done -> {
            try {
                done.getSocket().setSoTimeout(0);
            } catch (SocketException e) {
                LOG.debug("handshake done but the socket is closed already: {}", e.toString());
            }
        });
    }

    private List<Protocol> stack(TCP tcp) {
        List<Protocol> protocols = new ArrayList<>();
        protocols.add(tcp);
        protocols.add(new TCPPING().setInitialHosts(settings.members()).setPortRange(0));
        if (settings.multicastDiscovery()) {
            // discovery only (cluster name, node names, addresses) in plaintext; payloads still go over TLS
            protocols.add(new MPING().setBindAddr(settings.bindAddress().orElseThrow()));
        }
        protocols.add(new MERGE3().setMinInterval(settings.mergeMinIntervalMillis())
            .setMaxInterval(settings.mergeMaxIntervalMillis()));
        protocols.add(new FD_ALL3().setTimeout(settings.failureTimeoutMillis())
            .setInterval(settings.heartbeatIntervalMillis()));
        protocols.add(new VERIFY_SUSPECT2().setTimeout(settings.verifySuspectMillis()));
        protocols.add(new NAKACK2());
        protocols.add(new UNICAST3());
        protocols.add(new STABLE());
        GMS gms = new GMS().setJoinTimeout(settings.joinTimeoutMillis())
            .setLeaveTimeout(Math.min(1000, settings.joinTimeoutMillis())).setMaxJoinAttempts(2);
        gms.printLocalAddress(false); // it prints to System.out, not to the log
        protocols.add(gms);
        protocols.add(new UFC());
        protocols.add(new MFC());
        protocols.add(new FRAG4());
        return protocols;
    }

    /**
     * Joins the cluster on a background thread ({@code JChannel.connect} blocks for the join timeout) and returns at
     * once; views and payloads then arrive at the listener. Does nothing if already started or closed.
     */
    public void start() {
        synchronized (lifecycle) {
            if (started || closed) {
                return;
            }
            started = true;
            joiner = new Thread(this::join, "vireo-cluster-join-" + nodeName);
            joiner.setDaemon(true);
            joiner.start();
        }
    }

    private void join() {
        long startedAt = System.nanoTime();
        try {
            channel.connect(settings.clusterName());
        } catch (Exception e) {
            if (!isClosed()) {
                failure = "cannot join cluster " + settings.clusterName() + " on " + settings.bindAddress().orElseThrow()
                    .getHostAddress() + ":" + settings.bindPort() + ": " + e;
                LOG.error("{}", failure, e);
            }
            return;
        }
        LOG.info("{} joined cluster {} in {} ms, view {}", nodeName, settings.clusterName(),
            (System.nanoTime() - startedAt) / 1_000_000, view.members());
        reportIfRefusedByAll();
    }

    /** A node alone in its view while members are configured and TLS refusals happened: say so, never silently. */
    private void reportIfRefusedByAll() {
        List<InetSocketAddress> others = otherMembers();
        Refusal last;
        synchronized (refusals) {
            last = refusals.peekLast();
        }
        if (view.members().size() == 1 && !others.isEmpty()) {
            if (last != null) {
                refused("cluster " + settings.clusterName(), "this node is alone in its view although members are"
                    + " configured " + others + ": TLS with them was refused (last: " + last.peer() + ": "
                    + last.reason() + "); check that every node's certificate comes from this cluster's CA");
            } else {
                LOG.warn("{} is alone in cluster {}: none of the configured members {} answered within {} ms", nodeName,
                    settings.clusterName(), others, settings.joinTimeoutMillis());
            }
        }
    }

    private List<InetSocketAddress> otherMembers() {
        InetSocketAddress own = new InetSocketAddress(settings.bindAddress().orElseThrow(), settings.bindPort());
        InetSocketAddress advertised = new InetSocketAddress(settings.advertisedAddress()
            .orElse(settings.bindAddress().orElseThrow()), settings.advertisedPort() > 0 ? settings.advertisedPort()
            : settings.bindPort());
        return settings.members().stream().filter(m -> !m.equals(own) && !m.equals(advertised)).toList();
    }

    @Override
    public String localMember() {
        return nodeName;
    }

    /** Sends to the other members (own broadcasts are not delivered back); dropped before joining. */
    @Override
    public void broadcast(byte[] payload) {
        if (!channel.isConnected()) {
            LOG.debug("not broadcasting {} bytes: {} has not joined yet", payload.length, nodeName);
            return;
        }
        try {
            channel.send(new BytesMessage(null, payload));
        } catch (Exception e) {
            LOG.warn("broadcast of {} bytes from {} failed: {}", payload.length, nodeName, e.toString());
        }
    }

    @Override
    public void send(String member, byte[] payload) {
        Address address = addresses.get(member);
        if (address == null || !channel.isConnected()) {
            LOG.warn("not sending {} bytes to {}: not in the current view {}", payload.length, member, view.members());
            return;
        }
        try {
            channel.send(new BytesMessage(address, payload));
        } catch (Exception e) {
            LOG.warn("sending {} bytes to {} failed: {}", payload.length, member, e.toString());
        }
    }

    @Override
    public ClusterView view() {
        return view;
    }

    /** The last refusals (at most {@value #REFUSALS_KEPT}), oldest first, for status output. */
    @Override
    public List<Refusal> lastRefusals() {
        synchronized (refusals) {
            return List.copyOf(refusals);
        }
    }

    @Override
    public long refusalCount() {
        return refusalCount.get();
    }

    /** Why joining failed (such as the port being in use), if it did. */
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /** Leaves the cluster and closes the channel; waits at most for a join in progress (the join timeout). */
    @Override
    public void close() {
        Thread running;
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            closed = true;
            running = joiner;
        }
        if (running != null) {
            running.interrupt(); // cuts a join that waits for discovery responses
        }
        channel.close();
        if (running != null) {
            try {
                running.join(settings.joinTimeoutMillis() * 2L);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        LOG.info("{} left cluster {}", nodeName, settings.clusterName());
    }

    /** The JGroups stack, for tests that cut links between members (DISCARD). */
    ProtocolStack protocolStack() {
        return channel.getProtocolStack();
    }

    private boolean isClosed() {
        synchronized (lifecycle) {
            return closed;
        }
    }

    private void deliver(Message msg) {
        byte[] payload = msg.getArray();
        if (payload == null) {
            payload = new byte[0];
        } else if (msg.getOffset() != 0 || msg.getLength() != payload.length) {
            byte[] copy = new byte[msg.getLength()];
            System.arraycopy(payload, msg.getOffset(), copy, 0, copy.length);
            payload = copy;
        }
        try {
            listener.received(name(msg.getSrc()), payload);
        } catch (RuntimeException e) {
            LOG.error("listener failed on {} bytes from {}", payload.length, name(msg.getSrc()), e);
        }
    }

    private void install(View newView) {
        Map<String, Address> byName = new HashMap<>();
        List<String> names = new ArrayList<>();
        for (Address member : newView.getMembers()) {
            String name = name(member);
            if (byName.put(name, member) != null) {
                LOG.warn("two members of cluster {} are named {}: unicasts reach only one of them; every node needs"
                    + " its own name", settings.clusterName(), name);
            }
            names.add(name);
        }
        ClusterView installed = new ClusterView(viewIds.incrementAndGet(), names, names.get(0),
            newView instanceof MergeView);
        addresses = Map.copyOf(byName);
        view = installed;
        LOG.info("{}: {}view {} of cluster {}: {}", nodeName, installed.merged() ? "merged " : "", installed.id(),
            settings.clusterName(), installed.members());
        try {
            listener.viewChanged(installed);
        } catch (RuntimeException e) {
            LOG.error("listener failed on view {}", installed, e);
        }
    }

    private static String name(Address address) {
        String name = address == null ? null : NameCache.get(address);
        return name != null ? name : String.valueOf(address);
    }

    /** Called on a JGroups thread for each peer whose TLS handshake this node refused. */
    private void peerRefused(String peer, String reason) {
        refusalCount.incrementAndGet();
        refused(peer, reason);
    }

    /** A refusal of a peer, or after joining the sign that this node was refused (left alone). */
    private void refused(String peer, String reason) {
        Instant now = clock.instant();
        synchronized (refusals) {
            if (refusals.size() == REFUSALS_KEPT) {
                refusals.removeFirst();
            }
            refusals.addLast(new Refusal(now, peer, reason));
        }
        Instant logged = refusalLogged.get(reason);
        if (logged == null || logged.plus(REFUSAL_LOG_INTERVAL).isBefore(now)) {
            refusalLogged.put(reason, now);
            LOG.warn("{} refused TLS peer {}: {}", nodeName, peer, reason);
        } else {
            LOG.debug("{} refused TLS peer {}: {}", nodeName, peer, reason);
        }
        try {
            listener.refused(peer, reason);
        } catch (RuntimeException e) {
            LOG.error("listener failed on refusal of {}", peer, e);
        }
    }
}
