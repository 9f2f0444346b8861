package org.vireo.itests;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.inject.Inject;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationListener;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

/**
 * Configuration mistakes on the all-in-one node (a director that also scans), made as an operator makes them: a
 * .cfg file overwritten with binary garbage, a typo, the scanner's port given to the balancer. Each is refused
 * with the reason where the operator looks, the configuration in force stays, nothing is sent to the cluster,
 * and no command fails.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ConfigRefusalIT extends VireoTestSupport {

    /** Read where the container is configured; in the container itself, {@link #proxyPort()}. */
    private static final String PROXY_PORT = freePort();
    private static final String BALANCER = "org.vireo.balancer.Balancer";
    private static final String TARGET = "transport.target = (vrrp.transport=memory)\n";

    @Inject
    private ConfigurationAdmin configurationAdmin;

    @Configuration
    public Option[] config() {
        List<Option> options = allInOneDistribution(PROXY_PORT);
        // instances run on the in-memory LAN: nothing on the wire, no address on an interface of this host
        options.add(editConfigurationFilePut("etc/org.vireo.vrrp.transport.memory.cfg", "enabled", "true"));
        return options.toArray(new Option[0]);
    }

    /** 4 KB of binary garbage as Karaf can read it (no line with an empty key, which it would not hand over). */
    private static byte[] garbage(long seed) {
        Random random = new Random(seed);
        byte[] out = new byte[4096];
        for (int i = 0; i < out.length; i++) {
            byte b;
            do {
                b = (byte) random.nextInt(256);
            } while (b == '=' || b == ':' || b == '\\');
            out[i] = b;
        }
        return out;
    }

    private static Path etc(String file) {
        return Path.of(System.getProperty("karaf.etc")).resolve(file);
    }

    /**
     * The all-in-one's balancer and scanner have one FTP port, as shipped: its table is loopback alone, so the
     * balancer leaves the port to the scanner's FTP proxy, which greets there.
     */
    @Test
    public void theAllInOnesFtpProxyTakesTheFtpPort_theBalancerLeavesIt() throws Exception {
        int port = Integer.parseInt(String.valueOf(configurationAdmin.getConfiguration("org.vireo.scanner.ftp", "?")
            .getProperties().get("port")));
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String stats;
        while (!(stats = execute("scanner:stats")).contains("127.0.0.1:" + port)) {
            assertTrue("the FTP proxy does not listen on " + port + " within 60 s:\n" + stats, System.nanoTime() < end);
            Thread.sleep(200);
        }
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            String greeting = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII))
                .readLine();
            assertTrue(greeting, greeting.startsWith("220 Vireo FTP proxy"));
        }
        assertFalse(execute("balancer:stats").contains(":" + port));
    }

    @Test
    public void aGarbledBalancerFileIsRefusedTheTableStaysAndNothingIsSent() throws Exception {
        awaitCommand("balancer:stats");
        Path cfg = etc("org.vireo.balancer.cfg");
        String good = fileOf(configurationAdmin.getConfiguration("org.vireo.balancer", "?"));
        String proxyPort = proxyPort();
        assertTrue(scanners(), scanners().contains("127.0.0.1:" + proxyPort));
        try {
            awaitServiceModified(BALANCER, () -> Files.write(cfg, garbage(7)));

            String stats = execute("balancer:stats");
            assertTrue(stats, stats.contains("configuration org.vireo.balancer / org.vireo.balancer.local refused: "
                + "org.vireo.balancer holds none of its keys (an empty, truncated or garbled file?)"));
            assertTrue(stats, stats.contains("(running with the previous configuration)"));
            assertTrue(stats, stats.length() < 20_000);
            assertTrue(scanners(), scanners().contains("127.0.0.1:" + proxyPort));
            awaitUntil(() -> clusterStatus().contains("pid:org.vireo.balancer: configuration org.vireo.balancer"
                + " refused: none of its"), "cluster:status lists the change as refused, not sent");
        } finally {
            awaitServiceModified(BALANCER, () -> Files.writeString(cfg, good, StandardCharsets.UTF_8));
        }
        assertFalse(execute("balancer:stats"), execute("balancer:stats").contains("refused"));
    }

    @Test
    public void aBalancerPortTheScannerHoldsIsRefusedNamingIt_andTheBalancerStaysWhereItListens() throws Exception {
        org.osgi.service.cm.Configuration balancer = listeningBalancer();
        String httpPort = String.valueOf(balancer.getProperties().get("httpPort"));
        String proxyPort = proxyPort();
        try {
            awaitServiceModified(BALANCER, () -> updateConfiguration(balancer, "httpPort", proxyPort));

            String stats = execute("balancer:stats");
            assertTrue(stats, stats.contains("configuration org.vireo.balancer refused: httpPort = " + proxyPort
                + ": port " + proxyPort + " is taken on this node by org.vireo.scanner.proxy (its port " + proxyPort
                + " on 127.0.0.1)"));
            assertTrue("still listening on " + httpPort, listens(Integer.parseInt(httpPort)));
        } finally {
            awaitServiceModified(BALANCER, () -> updateConfiguration(balancer, "httpPort", httpPort));
        }
    }

    @Test
    public void aNewBalancerPortAnotherProgramHoldsIsRefused_andTheBalancerGoesBackToItsPort() throws Exception {
        org.osgi.service.cm.Configuration balancer = listeningBalancer();
        String httpPort = String.valueOf(balancer.getProperties().get("httpPort"));
        try (ServerSocket other = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String taken = String.valueOf(other.getLocalPort());

            updateConfiguration(balancer, "httpPort", taken);

            // the balancer tries the new port on its own thread and goes back: no event to wait on
            awaitUntil(() -> quietly("balancer:stats").contains("configuration org.vireo.balancer refused: cannot"
                + " listen on 127.0.0.1:" + taken), "the new port is refused");
            awaitUntil(() -> listens(Integer.parseInt(httpPort)), "the balancer is back on " + httpPort);
            String stats = execute("balancer:stats");
            assertTrue(stats, stats.contains("Address already in use"));
            assertTrue(stats, stats.contains("the balancer stays on its previous ports"));
        } finally {
            awaitServiceModified(BALANCER, () -> updateConfiguration(balancer, "httpPort", httpPort));
        }
    }

    @Test
    public void aGarbledVrrpInstanceIsListedAsAFaultWithTheReason_andAGoodFileStartsIt() throws Exception {
        Path cfg = etc("org.vireo.vrrp.instance-broken.cfg");
        String good = "name = broken\ninterfaceName = mem-broken\n" + TARGET + "vrid = 77\n"
            + "virtualAddresses = 192.0.2.77\n";
        try {
            // the transport target stays the same throughout, so each file is a change DS hands to the component
            Files.write(cfg, (new String(garbage(11), StandardCharsets.ISO_8859_1) + "\n" + TARGET)
                .getBytes(StandardCharsets.ISO_8859_1));
            awaitService(VrrpInstance.class);
            // Karaf hands commands the new service a moment later, with no event to wait on
            awaitUntil(() -> vrrpList().contains("broken"), "vrrp:list lists the broken instance");

            String list = vrrpList();
            assertTrue(list, list.matches("(?s).*broken\\s+\\|\\s+0 \\| -\\s+\\| FAULT .*configuration"
                + " org.vireo.vrrp.instance refused: none of its .*"));
            String show = execute("vrrp:show broken");
            assertTrue(show, show.contains("the instance does not run until its configuration is fixed"));
            assertFalse(show, show.contains("(retrying)"));

            awaitServiceModified(VrrpInstance.class, () -> Files.writeString(cfg, good + "prority = 150\n",
                StandardCharsets.UTF_8));
            list = vrrpList();
            assertTrue(list, list.contains("unknown key 'prority' (did you mean priority?)"));
            // fileinstall hears that update too and writes the configuration back to the file if they differ: an
            // edit made before it did is overwritten (as an operator's would be, within those milliseconds)
            awaitConfigurationEventsDelivered();

            awaitServiceModified(VrrpInstance.class, () -> Files.writeString(cfg, good + "priority = 150\n",
                StandardCharsets.UTF_8));
            // the instance starts on its own thread after DS modified its service: INITIALIZE until then
            awaitOnVrrpStateEvents(() -> vrrpInstance("broken").map(VrrpInstance::state)
                .filter(s -> s == VrrpState.BACKUP || s == VrrpState.MASTER).isPresent(), () -> "broken runs");
            list = vrrpList();
            assertTrue(list, list.matches("(?s).*broken\\s+\\|\\s+77 \\| mem-broken \\| (BACKUP|MASTER) \\|"
                + " 150/150.*"));
        } finally {
            Files.deleteIfExists(cfg);
        }
    }

    /**
     * Returns once every listener has had the configuration events fired so far: ConfigurationAdmin fires them in
     * order on one thread, so the event of a marker update made now comes after them.
     */
    private void awaitConfigurationEventsDelivered() throws Exception {
        String marker = "org.vireo.itest.marker";
        CountDownLatch delivered = new CountDownLatch(1);
        ConfigurationListener listener = event -> {
            if (marker.equals(event.getPid())) {
                delivered.countDown();
            }
        };
        ServiceRegistration<ConfigurationListener> registration =
            bundleContext.registerService(ConfigurationListener.class, listener, null);
        org.osgi.service.cm.Configuration c = configurationAdmin.getConfiguration(marker, "?");
        try {
            c.update(new Hashtable<>(Map.of("at", System.nanoTime())));
            assertTrue("the marker's configuration event did not arrive within 30 s",
                delivered.await(30, TimeUnit.SECONDS));
        } finally {
            registration.unregister();
            c.delete();
        }
    }

    /**
     * A configuration as a .cfg file: what is in force, not the file on disk, which Karaf rewrites after a change
     * through ConfigurationAdmin a moment later.
     */
    private static String fileOf(org.osgi.service.cm.Configuration c) {
        StringBuilder out = new StringBuilder();
        Dictionary<String, Object> p = c.getProperties();
        for (String key : Collections.list(p.keys())) {
            if (!key.startsWith("service.") && !key.startsWith("felix.fileinstall.")) {
                out.append(key).append(" = ").append(p.get(key)).append('\n');
            }
        }
        return out.toString();
    }

    private String proxyPort() throws Exception {
        return String.valueOf(configurationAdmin.getConfiguration("org.vireo.scanner.proxy", "?").getProperties()
            .get("port"));
    }

    /** The balancer's configuration, once the balancer listens on its httpPort. */
    private org.osgi.service.cm.Configuration listeningBalancer() throws Exception {
        awaitCommand("balancer:stats");
        org.osgi.service.cm.Configuration balancer = configurationAdmin.getConfiguration("org.vireo.balancer", "?");
        int port = Integer.parseInt(String.valueOf(balancer.getProperties().get("httpPort")));
        awaitUntil(() -> listens(port), "the balancer listens on " + port);
        return balancer;
    }

    private String scanners() {
        return quietly("balancer:scanners");
    }

    private String clusterStatus() {
        return quietly("cluster:status");
    }

    private String vrrpList() {
        return quietly("vrrp:list");
    }

    private static boolean listens(int port) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
