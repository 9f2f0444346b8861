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
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.DocumentValidator;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.NodeRegistry;
import org.vireo.cluster.NodeStatusSource;
import org.vireo.cluster.internal.channel.ChannelPeers;
import org.vireo.cluster.internal.channel.ClusterTransport;
import org.vireo.cluster.internal.channel.ClusterView;
import org.vireo.cluster.internal.docs.DocumentPatterns;
import org.vireo.cluster.internal.docs.ReplicatedDocuments;
import org.vireo.cluster.internal.registry.NodeReport;
import org.vireo.cluster.internal.registry.Registry;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.DocumentStore;
import org.vireo.cluster.internal.sync.SyncEngine;
import org.vireo.cluster.internal.sync.SyncMessages;
import org.vireo.cluster.internal.version.HybridClock;
import org.vireo.config.ConfigValues;
import org.vireo.node.NodeIdentity;

/**
 * This node in the cluster: opens the channel (JGroups with mutual TLS) from {@code org.vireo.cluster}, runs config
 * sync and the node registry on one thread of its own, reports this node every second, and finds local changes of
 * the replicated documents (configuration events arrive through {@link ConfigEvents}, file events from a watcher,
 * and a rescan at each anti-entropy round catches anything missed). With no bind address configured the cluster
 * is off: documents are still versioned here, and the node joins with its history when it is switched on.
 */
@Component(service = {NodeRegistry.class, ClusterAdmin.class}, configurationPid = SyncOptions.PID,
    configurationPolicy = ConfigurationPolicy.OPTIONAL, immediate = true)
public class ClusterComponent implements NodeRegistry, ClusterAdmin {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterComponent.class);
    private static final long CALL_TIMEOUT_SECONDS = 10;

    @Reference
    ConfigurationAdmin configurationAdmin;
    @Reference
    NodeIdentity identity;
    @Reference
    TransportFactory transports;

    private final List<ReplicatedDocuments.Validators.Entry> validators = new CopyOnWriteArrayList<>();
    private final List<NodeStatusSource> sources = new CopyOnWriteArrayList<>();

    private ScheduledExecutorService thread;
    // reports and staleness on a thread of their own: a long merge on the sync thread must not make this node
    // look stale to the others, nor hide another node going stale
    private ScheduledExecutorService registryThread;
    private Registry registry;
    private SyncEngine engine;
    private ClusterTransport transport;
    private FolderWatcher watcher;
    private ReplicatedDocuments documents;
    private String clusterName;
    private String offReason = "";
    private String softwareVersion;
    private String address;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addValidator(DocumentValidator v, Map<String, Object> properties) {
        validators.add(new ReplicatedDocuments.Validators.Entry(v,
            ConfigValues.list(properties, DocumentValidator.DOCUMENTS)));
    }

    void removeValidator(DocumentValidator v) {
        validators.removeIf(e -> e.validator() == v);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addSource(NodeStatusSource s) {
        sources.add(s);
    }

    void removeSource(NodeStatusSource s) {
        sources.remove(s);
    }

    @Activate
    void activate(BundleContext context, Map<String, Object> properties) throws IOException {
        String etc = System.getProperty("karaf.etc");
        SyncOptions options = SyncOptions.parse(properties, etc);
        DocumentStore store = new DocumentStore(options.stateDir()); // before any thread: a failure leaks nothing
        try {
            start(context, properties, etc, options, store);
        } catch (IOException | RuntimeException e) {
            deactivate();
            throw e;
        }
    }

    private void start(BundleContext context, Map<String, Object> properties, String etc, SyncOptions options,
                       DocumentStore store) throws IOException {
        String node = identity.name();
        softwareVersion = context.getBundle().getVersion().toString();
        address = identity.managementAddress().orElse(ConfigValues.text(properties, "bindAddress", ""));
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
        documents = new ReplicatedDocuments(new DocumentPatterns(options.replicatedPids(), options.replicatedFiles()),
            configurationAdmin, Path.of(etc == null ? "etc" : etc), () -> validators);
        TransportFactory.Started started = null;
        try {
            started = transports.open(properties, node, new Events());
            offReason = started == null
                ? "bindAddress is not set in etc/" + SyncOptions.PID + ".cfg: this node runs alone" : "";
        } catch (RuntimeException e) { // bad settings or credentials: said in the log and in cluster:status
            offReason = e.getMessage();
            LOG.error("cluster: this node cannot join: {}", offReason);
        }
        Runnable start = () -> { };
        if (started == null) {
            transport = new LoneTransport(node);
            clusterName = ConfigValues.text(properties, "clusterName", "vireo");
            LOG.info("cluster: off ({}); documents are versioned here and join with their history later", offReason);
        } else {
            transport = started.transport();
            clusterName = started.clusterName();
            start = started.start();
        }
        HybridClock clock = new HybridClock(node, System::currentTimeMillis, options.maxClockAheadMillis());
        engine = new SyncEngine(node, clock, store, documents, new ChannelPeers(transport), Instant::now);
        Runnable connect = start;
        thread.execute(() -> {
            try {
                engine.start();
            } catch (IOException | RuntimeException e) {
                LOG.error("cluster: config sync could not load its records from {}", options.stateDir(), e);
            }
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

    private void fileChanged(Path file) {
        if (file == null) {
            onThread("rescanning replicated files", this::rescan);
            return;
        }
        documents.idOfFile(file).ifPresent(id -> onThread("checking " + id, () -> engine.localChanged(id)));
    }

    private void rescan() throws IOException {
        Set<String> ids = new LinkedHashSet<>(documents.present());
        ids.addAll(engine.records().keySet());
        for (String id : ids) {
            engine.localChanged(id);
        }
    }

    private void antiEntropy() {
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
            for (NodeStatusSource s : sources) {
                vrrp.putAll(s.vrrpStates());
                load = load.or(s::load);
                services.putAll(s.services());
            }
            String role = identity.role().name().toLowerCase(java.util.Locale.ROOT) + (identity.alsoScan() ? "+scan" : "");
            NodeReport own = new NodeReport(identity.name(), role, address, softwareVersion, vrrp, load,
                engine.stateFingerprint(), services);
            registry.reported(own);
            transport.broadcast(own.encode());
        } catch (RuntimeException e) {
            LOG.warn("cluster: this node's report failed", e);
        }
    }

    private final class Events implements ClusterTransport.Listener {
        @Override
        public void received(String from, byte[] payload) {
            if (payload.length > 0 && payload[0] == SyncMessages.STATUS) {
                try {
                    var in = SyncMessages.input(payload);
                    in.readByte();
                    registry.reported(NodeReport.read(in)); // small, and the registry is thread-safe
                } catch (IOException | RuntimeException e) {
                    LOG.warn("cluster: unreadable report from {}: {}", from, e.toString());
                }
            } else {
                onThread("a message from " + from, () -> engine.received(from, payload));
            }
        }

        @Override
        public void viewChanged(ClusterView view) {
            LOG.info("cluster: view {} {} (coordinator {}){}", view.id(), view.members(), view.coordinator(),
                view.merged() ? ": partitions merged" : "");
            registry.view(Set.copyOf(view.members()));
            onThread("anti-entropy after the view change", engine::sync);
        }

        @Override
        public void refused(String peer, String reason) {
            // the transport logs it (once a minute per reason) and keeps the last ones for cluster:status
        }
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
        return registry.watch(listener);
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
            return new Status(identity.name(), clusterName, !(transport instanceof LoneTransport), offReason,
                transport.view(), refusals, docs, engine.refused(), engine.unapplied(), engine.lastSync(),
                engine.lastChange(), engine.stateFingerprint());
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
            rescan();
            engine.sync();
            return null;
        });
    }

    @Override
    public void localChanged(String id) {
        onThread("checking " + id, () -> engine.localChanged(id));
    }
}
