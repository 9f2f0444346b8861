package org.vireo.cluster.internal.node;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;

import org.apache.karaf.features.BootFinished;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.DocumentException;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.MemberCalls;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.NodeRegistry;
import org.vireo.cluster.NodeStatusSource;
import org.vireo.cluster.VersionedDocuments;
import org.vireo.cluster.internal.channel.ChannelPeers;
import org.vireo.cluster.internal.channel.ChannelSettings;
import org.vireo.cluster.internal.channel.ClusterTransport;
import org.vireo.cluster.internal.channel.ClusterView;
import org.vireo.cluster.internal.docs.DocumentPatterns;
import org.vireo.cluster.internal.docs.ReplicatedDocuments;
import org.vireo.cluster.internal.docs.Validators;
import org.vireo.cluster.internal.registry.NodeReport;
import org.vireo.cluster.internal.registry.Registry;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.DocumentStore;
import org.vireo.cluster.internal.sync.SyncEngine;
import org.vireo.cluster.internal.sync.SyncMessages;
import org.vireo.cluster.internal.version.HybridClock;
import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.DocumentValidator;
import org.vireo.config.ListeningPorts;
import org.vireo.node.NodeIdentity;

/**
 * This node in the cluster: opens the channel (JGroups with mutual TLS) from {@code org.vireo.cluster}, runs config
 * sync and the node registry on one thread of its own, reports this node every second, and finds local changes of
 * the replicated documents (configuration events arrive through {@link ConfigEvents}, file events from a watcher,
 * and a rescan at each anti-entropy round catches anything missed). With no bind address configured the cluster
 * is off: documents are still versioned here, and the node joins with its history when it is switched on.
 */
@Component(service = {NodeRegistry.class, ClusterAdmin.class, SyncDocuments.class, MemberCalls.class},
    configurationPid = SyncOptions.PID, configurationPolicy = ConfigurationPolicy.OPTIONAL, immediate = true)
public class ClusterComponent implements NodeRegistry, ClusterAdmin, SyncDocuments, MemberCalls {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterComponent.class);
    private static final long CALL_TIMEOUT_SECONDS = 10;

    @Reference
    ConfigurationAdmin configurationAdmin;
    @Reference
    NodeIdentity identity;
    @Reference
    TransportFactory transports;
    @Reference
    ListeningPorts ports;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    volatile EventAdmin eventAdmin;

    private final Validators validators = new Validators();
    private final List<NodeStatusSource> sources = new CopyOnWriteArrayList<>();
    // kept across a restart of the cluster with new settings, where the registry is made anew
    private final List<Consumer<List<ClusterNode>>> watchers = new CopyOnWriteArrayList<>();

    private ScheduledExecutorService thread;
    // reports and staleness on a thread of their own: a long merge on the sync thread must not make this node
    // look stale to the others, nor hide another node going stale
    private ScheduledExecutorService registryThread;
    private volatile Registry registry;
    private SyncEngine engine;
    private volatile ClusterTransport transport;
    // the calls' timer and handlers outlive a restart of the cluster with new settings: other components registered
    // the handlers, and the transport is looked up at each call
    private final ScheduledExecutorService callTimer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "vireo-cluster-calls");
        t.setDaemon(true);
        return t;
    });
    private final Calls calls = new Calls(() -> transport, callTimer);
    private FolderWatcher watcher;
    private volatile ReplicatedDocuments documents;
    private String clusterName;
    /** The channel settings of the running cluster; null while it runs alone. */
    private volatile ChannelSettings runningChannel;
    private String offReason = "";
    private String softwareVersion;
    private String address;
    private volatile boolean booted;
    private volatile boolean syncStarted;
    /** What starts config sync, kept until Karaf has booted; null once run. */
    private Runnable pendingStart;
    /** Why the last change of org.vireo.cluster was refused (the running settings stay), or null. */
    private volatile String refusedConfiguration;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addValidator(DocumentValidator v, Map<String, Object> properties) {
        validators.add(v, ConfigValues.list(properties, DocumentValidator.DOCUMENTS));
        // Karaf's boot can finish before the validators' components are registered: what config sync refused for
        // want of one is checked again now, not at the next anti-entropy round (30 s later)
        if (syncStarted) {
            onThread("checking again what waited for a validator", this::antiEntropy);
        }
    }

    void removeValidator(DocumentValidator v) {
        validators.remove(v);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addSource(NodeStatusSource s) {
        sources.add(s);
    }

    void removeSource(NodeStatusSource s) {
        sources.remove(s);
    }

    /**
     * Starts with the configuration; one that is refused at the start (a bad value or a key neither part of the
     * PID reads) leaves the node alone with the default sync settings, saying why in the log and in
     * {@code cluster:status}: the node registry that the balancer and the redirect balancer need stays.
     */
    @Activate
    void activate(BundleContext context, Map<String, Object> properties) throws IOException {
        String etc = System.getProperty("karaf.etc");
        Map<String, Object> settings = properties;
        String refusal = null;
        SyncOptions options;
        try {
            options = syncOptions(properties, etc);
        } catch (IllegalArgumentException e) {
            refusal = e.getMessage() + "; this node runs alone with the default sync settings until it is fixed";
            LOG.error("cluster: {}", refusal);
            settings = Map.of();
            options = SyncOptions.parse(settings, etc);
        }
        DocumentStore store = new DocumentStore(options.stateDir()); // before any thread: a failure leaks nothing
        try {
            start(context, settings, etc, options, store);
        } catch (IOException | RuntimeException e) {
            stop();
            throw e;
        }
        if (refusal != null) {
            offReason = refusal;
        }
    }

    /**
     * A changed configuration: the node leaves and rejoins with it, unless it is refused (a bad value of either part,
     * a key neither reads, a cluster port another listener of this node or another program holds), in which case
     * the cluster goes on as it is and says why.
     */
    @Modified
    void modified(BundleContext context, Map<String, Object> properties) throws IOException {
        String etc = System.getProperty("karaf.etc");
        try {
            syncOptions(properties, etc);
            ChannelSettings next = ChannelSettings.parse(ConfigReader.merged(properties), etc);
            ports.claim(SyncOptions.PID, ports(next)); // in place of the running one's: it is the same owner
            freeHere(next);
        } catch (IllegalArgumentException e) {
            refusedConfiguration = e.getMessage() + " (the cluster goes on with its previous settings)";
            LOG.error("cluster: {}", refusedConfiguration);
            ChannelSettings running = runningChannel;
            ports.claim(SyncOptions.PID, running == null ? List.of() : ports(running));
            return;
        }
        refusedConfiguration = null;
        LOG.info("cluster: new settings in {}: leaving and joining again", SyncOptions.PID);
        stop();
        activate(context, properties);
    }

    /** Both parts of the PID read one reader, whose keys are then checked: a key neither reads is refused. */
    static SyncOptions syncOptions(Map<String, Object> properties, String etc) {
        ConfigReader config = ConfigReader.merged(properties);
        SyncOptions options = SyncOptions.parse(config, etc);
        try {
            ChannelSettings.parse(config, etc);
        } catch (IllegalArgumentException e) {
            // told where the channel is opened (at the start: the node runs alone); here only its keys count
        }
        config.refuseUnknownKeys(ConfigReader.refusal(SyncOptions.PID));
        return options;
    }

    private static List<ListeningPorts.Port> ports(ChannelSettings s) {
        return s.bindAddress().map(a -> List.of(new ListeningPorts.Port(ChannelSettings.BIND_PORT.key(), a,
            s.bindPort()))).orElse(List.of());
    }

    /**
     * Whether another program holds a new cluster port: then the running cluster stays rather than leave for a port
     * it cannot bind. The port it runs on now is not tried (it holds it itself).
     */
    private void freeHere(ChannelSettings next) {
        ChannelSettings running = runningChannel;
        if (next.bindAddress().isEmpty() || running != null && running.bindAddress().equals(next.bindAddress())
            && running.bindPort() == next.bindPort()) {
            return;
        }
        ListeningPorts.unavailable(next.bindAddress().get(), next.bindPort()).ifPresent(why -> {
            throw new IllegalArgumentException("configuration " + SyncOptions.PID + " refused: "
                + ChannelSettings.BIND_PORT + " = " + next.bindPort() + ": " + why);
        });
    }

    private void start(BundleContext context, Map<String, Object> properties, String etc, SyncOptions options,
                       DocumentStore store) throws IOException {
        String node = identity.name();
        softwareVersion = context.getBundle().getVersion().toString();
        address = identity.managementAddress().orElse(ConfigValues.text(properties, ChannelSettings.BIND_ADDRESS));
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "vireo-cluster-sync");
            t.setDaemon(true);
            return t;
        });
        registryThread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "vireo-cluster-registry");
            t.setDaemon(true);
            return t;
        });
        registry = new Registry(node, System::nanoTime, Instant::now, Duration.ofMillis(options.staleAfterMillis()));
        registry.watch(nodes -> watchers.forEach(w -> w.accept(nodes)));
        ClusterEvents events = new ClusterEvents(node, this::post);
        registry.membership(events);
        documents = new ReplicatedDocuments(new DocumentPatterns(options.replicatedPids(), options.replicatedFiles()),
            configurationAdmin, Path.of(etc == null ? "etc" : etc), validators);
        TransportFactory.Started started = null;
        runningChannel = null;
        try {
            // the keys of both parts were checked together (syncOptions): the channel reads its own here
            ConfigReader channel = ConfigReader.merged(properties);
            ChannelSettings settings = ChannelSettings.parse(channel, etc);
            ports.claim(SyncOptions.PID, ports(settings));
            started = transports.open(channel, node, new Events());
            runningChannel = settings;
            offReason = started == null
                ? ChannelSettings.BIND_ADDRESS + " is not set in etc/" + SyncOptions.PID + ".cfg: this node runs alone"
                : "";
        } catch (RuntimeException e) { // bad settings or credentials: said in the log and in cluster:status
            offReason = e.getMessage();
            LOG.error("cluster: this node cannot join: {}", offReason);
        }
        Runnable start = () -> { };
        if (started == null) {
            transport = new LoneTransport(node);
            clusterName = ConfigValues.text(properties, ChannelSettings.CLUSTER_NAME);
            LOG.info("cluster: off ({}); documents are versioned here and join with their history later", offReason);
        } else {
            transport = started.transport();
            clusterName = started.clusterName();
            start = started.start();
        }
        HybridClock clock = new HybridClock(node, System::currentTimeMillis, options.maxClockAheadMillis());
        engine = new SyncEngine(node, clock, store, documents, new ChannelPeers(transport), Instant::now);
        engine.addListener(events);
        Runnable connect = start;
        startOnceBooted(() -> {
            try {
                engine.start();
            } catch (IOException | RuntimeException e) {
                LOG.error("cluster: config sync could not load its records from {}", options.stateDir(), e);
            }
            syncStarted = true;
            connect.run();
        });
        List<Path> folders = new ArrayList<>();
        documents.patterns().fileFolders().forEach(f -> folders.add(documents.etc().resolve(f)));
        watcher = new FolderWatcher(folders, this::fileChanged);
        registryThread.scheduleAtFixedRate(this::report, 0, options.reportMillis(), TimeUnit.MILLISECONDS);
        registryThread.scheduleAtFixedRate(registry::tick, 100, 100, TimeUnit.MILLISECONDS);
        thread.scheduleAtFixedRate(this::antiEntropy, options.antiEntropySeconds(), options.antiEntropySeconds(),
            TimeUnit.SECONDS);
    }

    @Deactivate
    void deactivate() {
        stop();
        calls.close();
        callTimer.shutdownNow();
    }

    /** Leaves the cluster and stops config sync and the registry (for good, or to start again with new settings). */
    private void stop() {
        syncStarted = false;
        synchronized (this) {
            pendingStart = null;
        }
        ports.release(SyncOptions.PID);
        if (watcher != null) {
            watcher.close();
        }
        if (registryThread != null) {
            registryThread.shutdownNow();
        }
        if (thread != null) {
            thread.shutdown();
            try {
                if (!thread.awaitTermination(5, TimeUnit.SECONDS)) {
                    thread.shutdownNow();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (transport != null) {
            transport.close();
        }
    }

    /** Everything that touches the engine runs here, one task at a time. */
    private void onThread(String what, IoTask task) {
        try {
            thread.execute(() -> {
                try {
                    task.run();
                } catch (IOException | RuntimeException e) {
                    LOG.warn("cluster: {} failed", what, e);
                }
            });
        } catch (RejectedExecutionException stopping) {
            LOG.debug("cluster: {} dropped, the component stops", what);
        }
    }

    private interface IoTask {
        void run() throws IOException;
    }

    private <T> T call(Callable<T> task) {
        try {
            return thread.submit(task).get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the cluster's sync thread did not answer within " + CALL_TIMEOUT_SECONDS
                + " s", e);
        }
    }

    /**
     * Config sync starts once Karaf has booted: the validators of the replicated documents come with bundles that
     * start after this one, and a document read before they are there would be versioned unchecked (a garbled
     * .cfg sent to every node). Until then the node registry runs, and what would touch the records is dropped
     * (the start's own scan finds every local change).
     */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    void bindBootFinished(BootFinished boot) {
        booted = true;
        startOnceBooted(null);
    }

    void unbindBootFinished(BootFinished boot) {
        // Karaf stopping: nothing to undo
    }

    /** Keeps {@code syncStart} (null: the one kept) until Karaf has booted, then runs it on the sync thread. */
    private synchronized void startOnceBooted(Runnable syncStart) {
        if (syncStart != null) {
            pendingStart = syncStart;
        }
        if (booted && pendingStart != null && thread != null) {
            try {
                thread.execute(pendingStart);
            } catch (RejectedExecutionException stopping) {
                LOG.debug("cluster: config sync not started, the component stops");
            }
            pendingStart = null;
        }
    }

    /** {@link #onThread} for what reads or changes the records: nothing before config sync has started. */
    private void onSync(String what, IoTask task) {
        onThread(what, () -> {
            if (syncStarted) {
                task.run();
            }
        });
    }

    /** Posted, never sent: the sync and registry threads do not wait for EventAdmin's handlers. */
    private void post(String topic, Map<String, Object> properties) {
        EventAdmin events = eventAdmin;
        if (events != null) {
            events.postEvent(new Event(topic, properties));
        }
    }

    private void fileChanged(Path file) {
        if (file == null) {
            onSync("rescanning replicated files", this::rescan);
            return;
        }
        documents.idOfFile(file).ifPresent(id -> onSync("checking " + id, () -> engine.localChanged(id)));
    }

    private void rescan() throws IOException {
        Set<String> ids = new LinkedHashSet<>(documents.present());
        ids.addAll(engine.records().keySet());
        for (String id : ids) {
            engine.localChanged(id);
        }
    }

    private void antiEntropy() {
        if (!syncStarted) {
            return;
        }
        try {
            rescan();
            engine.sync();
        } catch (IOException | RuntimeException e) {
            LOG.warn("cluster: anti-entropy round failed", e);
        }
    }

    private void report() {
        try {
            Map<String, String> vrrp = new TreeMap<>();
            Optional<NodeLoad> load = Optional.empty();
            Map<String, String> services = new TreeMap<>();
            Set<String> virtual = new TreeSet<>();
            for (NodeStatusSource s : sources) {
                vrrp.putAll(s.vrrpStates());
                load = load.or(s::load);
                services.putAll(s.services());
                virtual.addAll(s.virtualAddresses());
            }
            String role = identity.role().name().toLowerCase(java.util.Locale.ROOT) + (identity.alsoScan() ? "+scan" : "");
            NodeReport own = new NodeReport(identity.name(), role, address, softwareVersion, vrrp, load,
                engine.stateFingerprint(), services, List.copyOf(virtual), engine.currentVersions());
            registry.reported(own);
            transport.broadcast(own.encode());
        } catch (RuntimeException e) {
            LOG.warn("cluster: this node's report failed", e);
        }
    }

    private final class Events implements ClusterTransport.Listener {
        @Override
        public void received(String from, byte[] payload) {
            if (calls.received(from, payload)) {
                return;
            }
            if (payload.length > 0 && payload[0] == SyncMessages.STATUS) {
                try {
                    var in = SyncMessages.input(payload);
                    in.readByte();
                    registry.reported(NodeReport.read(in)); // small, and the registry is thread-safe
                } catch (IOException | RuntimeException e) {
                    LOG.warn("cluster: unreadable report from {}: {}", from, e.toString());
                }
            } else {
                onSync("a message from " + from, () -> engine.received(from, payload));
            }
        }

        @Override
        public void viewChanged(ClusterView view) {
            LOG.info("cluster: view {} {} (coordinator {}){}", view.id(), view.members(), view.coordinator(),
                view.merged() ? ": partitions merged" : "");
            registry.view(Set.copyOf(view.members()));
            onSync("anti-entropy after the view change", engine::sync);
        }

        @Override
        public void refused(String peer, String reason) {
            // the transport logs it (once a minute per reason) and keeps the last ones for cluster:status
        }
    }

    // MemberCalls

    @Override
    public CompletableFuture<byte[]> call(String member, String topic, byte[] request, Duration timeout) {
        return calls.call(member, topic, request, timeout);
    }

    @Override
    public AutoCloseable answer(String topic, Function<byte[], CompletionStage<byte[]>> handler) {
        return calls.answer(topic, handler);
    }

    // NodeRegistry

    @Override
    public List<ClusterNode> nodes() {
        return registry.nodes();
    }

    @Override
    public Optional<ClusterNode> node(String name) {
        return registry.node(name);
    }

    @Override
    public AutoCloseable watch(Consumer<List<ClusterNode>> listener) {
        watchers.add(listener);
        return () -> watchers.remove(listener);
    }

    // ClusterAdmin

    @Override
    public Status status() {
        return call(() -> {
            List<DocumentState> docs = new ArrayList<>();
            for (DocumentRecord r : engine.records().values()) {
                docs.add(new DocumentState(r.id(), r.current(), r.history().size(), r.losers().size(),
                    !engine.unapplied().containsKey(r.id())));
            }
            List<String> refusals = transport.lastRefusals().stream()
                .map(r -> r.at() + " " + r.peer() + ": " + r.reason()).toList();
            Map<String, String> refusedHere = new TreeMap<>(engine.refused());
            String configuration = refusedConfiguration;
            if (configuration != null) {
                refusedHere.put(DocumentPatterns.PID_PREFIX + SyncOptions.PID, configuration);
            }
            return new Status(identity.name(), clusterName, !(transport instanceof LoneTransport), offReason,
                transport.view(), refusals, transport.refusalCount(), docs, refusedHere, engine.unapplied(),
                engine.lastSync(),
                engine.lastChange(), engine.stateFingerprint(), documents.unvalidatedPatterns(), registry.nodes());
        });
    }

    @Override
    public Optional<DocumentRecord> record(String id) {
        return call(() -> Optional.ofNullable(engine.records().get(id)));
    }

    @Override
    public List<DocumentRecord> conflicts() {
        return call(() -> engine.records().values().stream().filter(r -> !r.losers().isEmpty()).toList());
    }

    @Override
    public void sync() {
        call(() -> {
            if (!syncStarted) {
                throw new IllegalStateException("config sync starts once Karaf has finished booting");
            }
            rescan();
            engine.sync();
            return null;
        });
    }

    @Override
    public void localChanged(String id) {
        onSync("checking " + id, () -> engine.localChanged(id));
    }

    // SyncDocuments

    @Override
    public boolean replicated(String id) {
        return documents.replicated(id);
    }

    @Override
    public Validators validators() {
        return validators;
    }

    @Override
    public Optional<DocumentRecord> current(String id) throws DocumentException {
        return callSync(() -> {
            engine.localChanged(id);
            return Optional.ofNullable(engine.records().get(id));
        });
    }

    @Override
    public DocumentVersion write(String id, byte[] content, Optional<String> expected) throws DocumentException {
        return callSync(() -> engine.write(id, content, expected));
    }

    @Override
    public VersionedDocuments.Resolution resolve(DocumentVersion keep) throws DocumentException {
        return callSync(() -> engine.resolve(keep));
    }

    private interface SyncTask<T> {
        T run() throws IOException, DocumentException;
    }

    /**
     * Runs {@code task} on the sync thread, where nothing else touches the records meanwhile, and waits for it; refused
     * while config sync has not started. A task that has not started when the wait ends is cancelled, so a refusal
     * for want of time never leaves a write done behind the caller's back.
     */
    private <T> T callSync(SyncTask<T> task) throws DocumentException {
        Future<T> result;
        try {
            result = thread.submit(() -> {
                if (!syncStarted) {
                    throw DocumentException.of(DocumentException.Kind.UNAVAILABLE, "config sync has not started yet on"
                        + " this node: it starts once Karaf has finished booting");
                }
                return task.run();
            });
        } catch (RejectedExecutionException stopping) {
            throw DocumentException.of(DocumentException.Kind.UNAVAILABLE, "the cluster component is stopping");
        }
        try {
            try {
                return result.get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                if (result.cancel(false)) {
                    throw DocumentException.of(DocumentException.Kind.UNAVAILABLE, "config sync's thread did not take"
                        + " the request within " + CALL_TIMEOUT_SECONDS + " s; nothing was done");
                }
                return result.get(); // it runs now: its outcome is the answer
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof DocumentException refusal) {
                throw refusal;
            }
            throw DocumentException.failed(String.valueOf(e.getCause().getMessage()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DocumentException.of(DocumentException.Kind.UNAVAILABLE, "interrupted while waiting for config sync");
        }
    }
}
