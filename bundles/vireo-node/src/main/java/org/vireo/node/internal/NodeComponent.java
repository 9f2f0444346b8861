package org.vireo.node.internal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.apache.karaf.features.BootFinished;
import org.apache.karaf.features.FeaturesService;
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
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.node.NodeIdentity;
import org.vireo.node.Role;
import org.vireo.node.RoleChange;
import org.vireo.node.RoleChangeException;
import org.vireo.node.RoleService;

/**
 * The node's identity, read from {@code org.vireo.node}, and the keeper of its role: at start and
 * whenever the configured role changes, it makes the installed role features match it.
 */
@Component(service = {NodeIdentity.class, RoleService.class}, configurationPid = NodeIdentity.PID,
    configurationPolicy = ConfigurationPolicy.OPTIONAL)
@Designate(ocd = NodeConfig.class)
public class NodeComponent implements NodeIdentity, RoleService {

    private static final Logger LOG = LoggerFactory.getLogger(NodeComponent.class);

    @Reference
    private FeaturesService featuresService;

    @Reference
    private ConfigurationAdmin configurationAdmin;

    // Karaf registers BootFinished once the boot features are in: only then is the requirement set
    // complete, so a role switch cannot drop a boot feature that is still being installed.
    @Reference
    private BootFinished bootFinished;

    @Reference
    private RoleReadiness readiness;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    private volatile EventAdmin eventAdmin;

    private RoleKeeper keeper;
    private ExecutorService reconciler;
    private volatile NodeOptions options;
    private volatile String configurationError;
    private boolean startupReported; // only touched on the reconciler thread

    @Activate
    void activate(Map<String, Object> properties) {
        keeper = new RoleKeeper(new RoleSwitcher(new KarafFeatureProvisioner(featuresService)),
            new ConfigAdminNodeConfigStore(configurationAdmin), NodeComponent::parse);
        reconciler = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "vireo-role-reconciler");
            t.setDaemon(true);
            return t;
        });
        configure(properties);
    }

    @Modified
    void modified(Map<String, Object> properties) {
        configure(properties);
    }

    @Deactivate
    void deactivate() {
        reconciler.shutdownNow();
    }

    static NodeOptions parse(Map<String, ?> properties) {
        return NodeOptions.parse(properties, System.getenv(), hostName());
    }

    private void configure(Map<String, Object> properties) {
        try {
            options = parse(properties);
            configurationError = null;
        } catch (IllegalArgumentException e) {
            configurationError = e.getMessage();
            if (options != null) {
                LOG.error("{}; keeping the previous configuration", e.getMessage());
            } else {
                LOG.error("{}; running with the defaults and the role features installed now until it is fixed",
                    e.getMessage());
                options = fallback();
            }
            return;
        }
        reconciler.execute(this::reconcile);
    }

    /** Makes the installed role features match the configured role (see RoleKeeper). */
    private void reconcile() {
        readiness.deploying();
        try {
            RoleKeeper.Reconciled done = keeper.reconcile();
            NodeOptions applied = done.options();
            options = applied;
            if (done.change().changed()) {
                LOG.info("Vireo node {}: {}", applied.name(), done.change().describe());
                post(ROLE_TOPIC, RoleEvents.done(done.change(), RoleEvents.CONFIGURATION));
            }
            if (done.change().changed() || !startupReported) {
                // bench/boot-bench.sh times the start up to this line
                LOG.info("Vireo node {}: role {} active (features: {})", applied.name(), applied.role(),
                    String.join(", ", applied.role().features(applied.alsoScan())));
                startupReported = true;
            }
        } catch (IllegalArgumentException e) {
            // refused configuration: configure() reported it and the node keeps its features
        } catch (RoleChangeException e) {
            LOG.error("Vireo node {}: {}", name(), e.getMessage(), e);
            NodeOptions wanted = options;
            post(ROLE_FAILED_TOPIC, RoleEvents.failed(wanted.role(), wanted.alsoScan(), RoleEvents.CONFIGURATION,
                e.getMessage()));
        } catch (IOException | RuntimeException e) {
            LOG.error("Vireo node {}: the configured role could not be applied", name(), e);
        } finally {
            readiness.started(); // as configured, or as it could be made: waiting longer would not change it
            readiness.deployed();
        }
    }

    private NodeOptions fallback() {
        Role installed = RoleSwitcher.roleOf(keeper.installedRoleFeatures());
        return new NodeOptions(hostName(), Optional.empty(), NodeOptions.INTERFACE_NAME.defaultValue(),
            installed == null ? Role.SCANNER : installed, false, false);
    }

    @Override
    public RoleChange switchRole(Role role, boolean alsoScan) throws RoleChangeException {
        RoleChange change;
        readiness.deploying();
        try {
            change = keeper.switchRole(role, alsoScan);
        } catch (RoleChangeException e) {
            post(ROLE_FAILED_TOPIC, RoleEvents.failed(role, alsoScan, RoleEvents.SWITCH, e.getMessage()));
            throw e;
        } finally {
            readiness.deployed();
        }
        // answer with the new role at once; the configuration event reaches modified() later
        options = options.withRole(role, change.toAlsoScan());
        LOG.info("Vireo node {}: {}", name(), change.describe());
        if (change.changed()) {
            post(ROLE_TOPIC, RoleEvents.done(change, RoleEvents.SWITCH));
        }
        return change;
    }

    /** Posted, never sent: a role switch does not wait for EventAdmin's handlers. */
    private void post(String topic, Map<String, Object> properties) {
        EventAdmin events = eventAdmin;
        if (events != null) {
            events.postEvent(new Event(topic, properties));
        }
    }

    @Override
    public Set<String> installedRoleFeatures() {
        return keeper.installedRoleFeatures();
    }

    @Override
    public Optional<String> configurationProblem() {
        return Optional.ofNullable(configurationError);
    }

    @Override
    public String name() {
        return options.name();
    }

    @Override
    public Optional<String> managementAddress() {
        return options.managementAddress();
    }

    @Override
    public String interfaceName() {
        return options.interfaceName();
    }

    @Override
    public Role role() {
        return options.role();
    }

    @Override
    public boolean alsoScan() {
        return options.alsoScan();
    }

    @Override
    public Duration uptime() {
        return Duration.ofMillis(ManagementFactory.getRuntimeMXBean().getUptime());
    }

    private static String hostName() {
        try {
            String h = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
            if (!h.isEmpty()) {
                return h;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        String env = System.getenv("HOSTNAME");
        return env == null || env.isBlank() ? "vireo" : env.trim();
    }
}
