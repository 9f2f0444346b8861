package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.systemTimeout;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.configureConsole;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFileExtend;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.karafDistributionConfiguration;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.keepRuntimeFolder;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.logLevel;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javax.inject.Inject;

import org.apache.karaf.features.FeatureEvent;
import org.apache.karaf.features.FeaturesListener;
import org.apache.karaf.features.FeaturesService;
import org.apache.karaf.features.RepositoryEvent;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.api.console.SessionFactory;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.karaf.options.LogLevelOption.LogLevel;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.event.EventConstants;
import org.osgi.service.event.EventHandler;
import org.osgi.util.tracker.ServiceTracker;
import org.vireo.vrrp.VrrpInstance;

/**
 * What every Vireo integration test needs: the Vireo distribution this build made, booted by Pax Exam
 * with its ports moved to free ones, and helpers to run shell commands and await features and services.
 */
public abstract class VireoTestSupport {

    protected static final long TIMEOUT_MS = 60_000;
    protected static final Set<String> ROLE_FEATURES = Set.of("vireo-director", "vireo-backup", "vireo-scanner");

    @Inject
    protected BundleContext bundleContext;

    @Inject
    protected FeaturesService featuresService;

    @Inject
    protected SessionFactory sessionFactory;

    /** The distribution, with the node configured as {@code itest-node} in the given role. */
    protected static Option[] vireoDistribution(String role) {
        String tarball = new File(System.getProperty("vireo.distribution")).toURI().toString();
        return new Option[] {
            karafDistributionConfiguration()
                .frameworkUrl(tarball)
                .karafVersion(System.getProperty("karaf.version"))
                .name("Vireo")
                .unpackDirectory(new File("target/exam"))
                .useDeployFolder(false),
            keepRuntimeFolder(),
            logLevel(LogLevel.INFO),
            configureConsole().ignoreLocalConsole(),
            editConfigurationFilePut("etc/org.apache.karaf.shell.cfg", "sshPort", freePort()),
            editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiRegistryPort", freePort()),
            editConfigurationFilePut("etc/org.apache.karaf.management.cfg", "rmiServerPort", freePort()),
            // Karaf's Jetty (the management API) on loopback: not on the fixed port of the shared root namespace
            editConfigurationFilePut("etc/org.ops4j.pax.web.cfg", "org.osgi.service.http.port", freePort()),
            editConfigurationFilePut("etc/org.vireo.node.cfg", "name", "itest-node"),
            editConfigurationFilePut("etc/org.vireo.node.cfg", "role", role),
            // a director's balancer listens in standalone mode here (no VRRP instance): not on fixed ports of the
            // shared root namespace
            editConfigurationFilePut("etc/org.vireo.balancer.cfg", "httpPort", freePort()),
            editConfigurationFilePut("etc/org.vireo.balancer.cfg", "ftpPort", freePort()),
            editConfigurationFilePut("etc/org.vireo.balancer.cfg", "standaloneAddresses", "127.0.0.1"),
            // a scanner's FTP proxy likewise: on loopback, on a port of the test's own
            editConfigurationFilePut("etc/org.vireo.scanner.ftp.cfg", "listenAddress", "127.0.0.1"),
            editConfigurationFilePut("etc/org.vireo.scanner.ftp.cfg", "port", freePort()),
            // The role's feature boots with Karaf, so the node's own start-up switch has nothing left to do:
            // a deployment running while Pax Exam installs its probe makes Karaf's resolver hook refuse the
            // probe ("Resolver hook prevented resolution"). DistributionScriptsIT covers that start-up switch.
            editConfigurationFileExtend("etc/org.apache.karaf.features.cfg", "featuresBoot", "vireo-" + role),
            systemTimeout(120_000),
        };
    }

    /** The management API's logins of {@link #apiLogins()}, for curl's -u. */
    protected static final String ADMIN = "itest-admin:admin-secret";
    protected static final String VIEWER = "itest-viewer:viewer-secret";

    /** The groups bin/setenv writes at a first start (Pax Exam starts Karaf without it), and one user of each. */
    protected static List<Option> apiLogins() {
        return List.of(
            editConfigurationFilePut("etc/users.properties", "_g_:admingroup",
                "group,admin,manager,viewer,systembundles,ssh"),
            editConfigurationFilePut("etc/users.properties", "_g_:viewergroup", "group,viewer"),
            editConfigurationFilePut("etc/users.properties", "itest-admin", "admin-secret,_g_:admingroup"),
            editConfigurationFilePut("etc/users.properties", "itest-viewer", "viewer-secret,_g_:viewergroup"));
    }

    /** VRRP instance {@code a} (VRID 61, priority 120) alone on the in-memory LAN: it becomes master; nothing on the wire. */
    protected static List<Option> vrrpInstanceAloneOnTheMemoryLan() {
        String instance = "etc/org.vireo.vrrp.instance-a.cfg";
        return List.of(
            editConfigurationFilePut("etc/org.vireo.vrrp.transport.memory.cfg", "enabled", "true"),
            editConfigurationFilePut(instance, "name", "a"),
            editConfigurationFilePut(instance, "interfaceName", "mem-a"),
            editConfigurationFilePut(instance, "transport.target", "(vrrp.transport=memory)"),
            editConfigurationFilePut(instance, "vrid", "61"),
            editConfigurationFilePut(instance, "priority", "120"),
            editConfigurationFilePut(instance, "advertIntervalMillis", "100"),
            editConfigurationFilePut(instance, "virtualAddresses", "10.77.0.1"));
    }

    /**
     * The all-in-one appliance, a director that also scans, its proxy on {@code proxyPort} of loopback and the
     * balancer's one scanner.
     */
    protected static List<Option> allInOneDistribution(String proxyPort) {
        List<Option> options = new ArrayList<>(Arrays.asList(vireoDistribution("director")));
        options.add(editConfigurationFilePut("etc/org.vireo.node.cfg", "alsoScan", "true"));
        options.add(editConfigurationFileExtend("etc/org.apache.karaf.features.cfg", "featuresBoot", "vireo-scanner"));
        options.add(editConfigurationFilePut("etc/org.vireo.scanner.proxy.cfg", "listenAddress", "127.0.0.1"));
        options.add(editConfigurationFilePut("etc/org.vireo.scanner.proxy.cfg", "port", proxyPort));
        options.add(editConfigurationFilePut("etc/org.vireo.balancer.cfg", "scanners", "127.0.0.1:" + proxyPort));
        // one FTP port for the balancer and the scanner, as shipped (2121 both): the balancer leaves it to the scanner
        String ftpPort = freePort();
        options.add(editConfigurationFilePut("etc/org.vireo.balancer.cfg", "ftpPort", ftpPort));
        options.add(editConfigurationFilePut("etc/org.vireo.scanner.ftp.cfg", "port", ftpPort));
        return options;
    }

    /** A port for the container to bind: see {@link ReservedPorts} for why not bind(0). */
    protected static String freePort() {
        return ReservedPorts.next();
    }

    /**
     * Runs a shell command as the console would; returns what it printed plus its result. Waits first for
     * the command to be registered: Karaf registers a bundle's commands a moment after the bundle starts.
     */
    protected String execute(String command) throws Exception {
        String name = command.trim().split("\\s+")[0];
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        while (true) {
            awaitCommand(name);
            try {
                return run(command);
            } catch (Exception e) {
                // Karaf re-registers a bundle's commands when a service they reference comes or goes (its log:
                // "Updating commands for bundle ..."), so a command seen registered can be gone for a moment when it
                // is called; gogo's exception is matched by name, its package is not the test's to import
                if (!e.getClass().getName().endsWith(".CommandNotFoundException")
                    || System.currentTimeMillis() > deadline) {
                    throw e;
                }
            }
        }
    }

    private String run(String command) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Session session = sessionFactory.create(System.in, out, out);
        try {
            Object result = session.execute(command);
            out.flush();
            return bytes.toString(StandardCharsets.UTF_8) + (result == null ? "" : result);
        } finally {
            session.close();
        }
    }

    /** Waits until {@code scope:name} is registered; the registry sends no event, so this polls it. */
    protected void awaitCommand(String scopedName) throws InterruptedException {
        int colon = scopedName.indexOf(':');
        if (colon < 0) {
            return;
        }
        String scope = scopedName.substring(0, colon);
        String name = scopedName.substring(colon + 1);
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        while (sessionFactory.getRegistry().getCommand(scope, name) == null) {
            assertTrue("command " + scopedName + " was not registered within " + TIMEOUT_MS + " ms",
                System.currentTimeMillis() < deadline);
            Thread.sleep(50);
        }
    }

    /** Runs a command that must fail; returns the failure's message. */
    protected String executeExpectingFailure(String command) throws InterruptedException {
        awaitCommand(command.trim().split("\\s+")[0]);
        try {
            String output = execute(command);
            throw new AssertionError("'" + command + "' succeeded but should have failed: " + output);
        } catch (AssertionError e) {
            throw e;
        } catch (Exception e) {
            return e.getMessage();
        }
    }

    protected <T> T awaitService(Class<T> type) throws InterruptedException {
        ServiceTracker<T, T> tracker = new ServiceTracker<>(bundleContext, type, null);
        tracker.open();
        try {
            T service = tracker.waitForService(TIMEOUT_MS);
            assertNotNull(type.getName() + " was not registered within " + TIMEOUT_MS + " ms", service);
            return service;
        } finally {
            tracker.close();
        }
    }

    /** The installed role features. */
    protected Set<String> installedRoleFeatures() {
        Set<String> installed = new TreeSet<>();
        for (String name : ROLE_FEATURES) {
            if (isInstalled(name)) {
                installed.add(name);
            }
        }
        return installed;
    }

    /** Whether a feature of this name is installed (any version). */
    protected boolean isInstalled(String name) {
        try {
            return Arrays.stream(featuresService.getFeatures(name)).anyMatch(featuresService::isInstalled);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read feature " + name, e);
        }
    }

    /** Waits, on feature events, until exactly these role features are installed. */
    protected void awaitRoleFeatures(String... expected) throws InterruptedException {
        Set<String> wanted = new TreeSet<>(Arrays.asList(expected));
        awaitOnFeatureEvents(() -> installedRoleFeatures().equals(wanted),
            () -> "role features " + wanted + " (installed: " + installedRoleFeatures() + ")");
    }

    /** Waits until {@code condition} holds, re-checking it on each feature event. */
    protected void awaitOnFeatureEvents(BooleanSupplier condition, java.util.function.Supplier<String> what)
        throws InterruptedException {
        CountDownLatch changed = new CountDownLatch(1);
        FeaturesListener listener = new FeaturesListener() {
            @Override
            public void featureEvent(FeatureEvent event) {
                if (condition.getAsBoolean()) {
                    changed.countDown();
                }
            }

            @Override
            public void repositoryEvent(RepositoryEvent event) {
                // repositories do not change here
            }
        };
        ServiceRegistration<FeaturesListener> registration =
            bundleContext.registerService(FeaturesListener.class, listener, null);
        try {
            if (!condition.getAsBoolean()) {
                assertTrue("timed out waiting for " + what.get(), changed.await(TIMEOUT_MS, TimeUnit.MILLISECONDS));
            }
        } finally {
            registration.unregister();
        }
    }

    /**
     * Waits until {@code condition} holds, re-checking it on each VRRP state event (an instance's state changes on
     * its own thread, after its service was registered or modified).
     */
    protected void awaitOnVrrpStateEvents(BooleanSupplier condition, java.util.function.Supplier<String> what)
        throws InterruptedException {
        CountDownLatch reached = new CountDownLatch(1);
        Dictionary<String, Object> topic = new Hashtable<>();
        topic.put(EventConstants.EVENT_TOPIC, VrrpInstance.TRANSITION_TOPIC);
        EventHandler handler = event -> {
            if (condition.getAsBoolean()) {
                reached.countDown();
            }
        };
        ServiceRegistration<EventHandler> registration = bundleContext.registerService(EventHandler.class, handler,
            topic);
        try {
            if (!condition.getAsBoolean()) {
                assertTrue("timed out waiting for " + what.get(), reached.await(TIMEOUT_MS, TimeUnit.MILLISECONDS));
            }
        } finally {
            registration.unregister();
        }
    }

    /** The VRRP instance of this name on this node, if there is one. */
    protected Optional<VrrpInstance> vrrpInstance(String name) {
        try {
            for (ServiceReference<VrrpInstance> ref : bundleContext.getServiceReferences(VrrpInstance.class, null)) {
                VrrpInstance instance = bundleContext.getService(ref);
                try {
                    if (instance != null && instance.name().equals(name)) {
                        return Optional.of(instance);
                    }
                } finally {
                    bundleContext.ungetService(ref);
                }
            }
            return Optional.empty();
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Runs {@code action}, then waits for the service of {@code type} to be modified (DS modifies a
     * component's registration after it took a new configuration).
     */
    protected void awaitServiceModified(Class<?> type, ThrowingRunnable action) throws Exception {
        awaitServiceModified(type.getName(), action);
    }

    /** The same, for a service whose API this module does not compile against. */
    protected void awaitServiceModified(String type, ThrowingRunnable action) throws Exception {
        CountDownLatch modified = new CountDownLatch(1);
        ServiceListener listener = event -> {
            if (event.getType() == ServiceEvent.MODIFIED) {
                modified.countDown();
            }
        };
        bundleContext.addServiceListener(listener, "(objectClass=" + type + ")");
        try {
            action.run();
            assertTrue(type + " was not modified within " + TIMEOUT_MS + " ms",
                modified.await(TIMEOUT_MS, TimeUnit.MILLISECONDS));
        } finally {
            bundleContext.removeServiceListener(listener);
        }
    }

    /** Every bundle is active (fragments: resolved); the message lists the ones that are not. */
    /**
     * Every bundle active (a fragment resolved), once the framework has settled: a feature installed with the role
     * may refresh bundles that import what it brings, which stops and starts them (CI caught Netty's and the
     * console's bundles RESOLVED in the middle of one). A bundle that stays down fails, naming it.
     */
    protected void assertNoFailedBundles() throws InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        List<String> failed = bundlesNotActive();
        while (!failed.isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
            failed = bundlesNotActive();
        }
        assertEquals("bundles not active: " + failed, List.of(), failed);
    }

    private List<String> bundlesNotActive() {
        List<String> failed = new ArrayList<>();
        for (Bundle b : bundleContext.getBundles()) {
            boolean fragment = b.getHeaders().get("Fragment-Host") != null;
            boolean ok = fragment ? b.getState() == Bundle.RESOLVED : b.getState() == Bundle.ACTIVE;
            if (!ok) {
                failed.add(b.getSymbolicName() + " (state " + b.getState() + ")");
            }
        }
        return failed;
    }

    /**
     * Waits until {@code condition} holds, for state that sends no event (what a command shows, a port that
     * listens): polls it.
     */
    protected static void awaitUntil(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out: " + what);
            }
            Thread.sleep(200);
        }
    }

    /** Runs a shell command whose failure fails the test (for conditions awaited with {@link #awaitUntil}). */
    protected String quietly(String command) {
        try {
            return execute(command);
        } catch (Exception e) {
            throw new AssertionError(command + " failed", e);
        }
    }

    /** The management API's OpenAPI document as the vireo-api bundle holds it. */
    protected OpenApiDocument apiDocument() {
        return OpenApiDocument.read(bundle("org.vireo.vireo-api").getEntry(OpenApiDocument.RESOURCE));
    }

    /** The installed bundle of that symbolic name, or null. */
    protected Bundle bundle(String symbolicName) {
        return Arrays.stream(bundleContext.getBundles()).filter(b -> symbolicName.equals(b.getSymbolicName()))
            .findFirst().orElse(null);
    }

    /** A replicated document's row in cluster:status (version, digest, edits), or null while it has no record. */
    protected String clusterDocument(String document) {
        String status = quietly("cluster:status");
        int refused = status.indexOf("Changes made here and refused");
        return status.substring(0, refused < 0 ? status.length() : refused).lines()
            .filter(l -> l.startsWith(document + " ")).findFirst().orElse(null);
    }

    /** What cluster:status lists from "Changes made here and refused" on ("" when nothing is refused). */
    protected String clusterRefusedHere() {
        String status = quietly("cluster:status");
        int at = status.indexOf("Changes made here and refused");
        return at < 0 ? "" : status.substring(at);
    }

    /** Sets one key of a configuration, keeping the others. */
    protected static void updateConfiguration(org.osgi.service.cm.Configuration c, String key, String value)
        throws IOException {
        java.util.Dictionary<String, Object> p = c.getProperties();
        if (p == null) {
            p = new java.util.Hashtable<>();
        }
        p.put(key, value);
        c.update(p);
    }

    @FunctionalInterface
    protected interface ThrowingRunnable {
        void run() throws Exception;
    }
}
