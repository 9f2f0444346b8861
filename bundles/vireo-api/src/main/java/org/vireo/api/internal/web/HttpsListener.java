package org.vireo.api.internal.web;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;
import org.osgi.service.cm.ConfigurationListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.vireo.api.ServerCertificate;
import org.vireo.api.ServerCertificates;
import org.vireo.config.ListeningPorts;
import org.vireo.node.NodeIdentity;

/**
 * Keeps the API's HTTPS listener where PID {@value WebOptions#PID} and the node's management address put it: it
 * makes the self-signed key at the first start when no certificate is given, checks the address and port, and
 * carries the result into Pax Web's configuration ({@link HttpsPlan}), which restarts Jetty when it changes. Plain
 * HTTP stays as Pax Web's own PID has it (loopback). Everything runs on one thread of its own: Pax Web's and the
 * node's configuration events come here too, so that an edit of either is followed.
 */
@Component(service = {HttpsListener.class, ConfigurationListener.class}, configurationPid = WebOptions.PID,
    configurationPolicy = ConfigurationPolicy.OPTIONAL, immediate = true)
@Designate(ocd = WebConfig.class)
public class HttpsListener implements ConfigurationListener {

    private static final Logger LOG = LoggerFactory.getLogger(HttpsListener.class);
    /** A self-signed certificate is for one appliance's life; clients pin it, so it should not change often. */
    private static final Duration SELF_SIGNED_VALIDITY = Duration.ofDays(3650);
    /** While HTTPS is off for want of its address or port, how often they are looked at again. */
    private static final long RECHECK_SECONDS = 30;

    @Reference
    private NodeIdentity identity;
    @Reference
    private ServerCertificates certificates;
    @Reference
    private ConfigurationAdmin configurationAdmin;
    @Reference
    private ListeningPorts ports;

    private ScheduledExecutorService thread;
    private ScheduledFuture<?> recheck;
    private volatile WebOptions options = WebOptions.parse(Map.of());
    private volatile String refusedConfiguration;
    private volatile HttpsPlan.State state = new HttpsPlan.Off("not decided yet");

    @Activate
    void activate(Map<String, Object> properties) {
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "vireo-api-https");
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
        thread.shutdownNow();
        ports.release(WebOptions.PID);
        // Pax Web's configuration stays: the listener serves whatever the API bundle offers when it comes back
    }

    private void configure(Map<String, Object> properties) {
        try {
            options = WebOptions.parse(properties);
            refusedConfiguration = null;
        } catch (IllegalArgumentException e) {
            refusedConfiguration = e.getMessage();
            LOG.error("{}; HTTPS stays as it was", e.getMessage());
            return;
        }
        replan();
    }

    /** Pax Web's or the node's configuration changed: HTTPS follows. */
    @Override
    public void configurationEvent(ConfigurationEvent event) {
        if (HttpsPlan.PAX_WEB_PID.equals(event.getPid()) || NodeIdentity.PID.equals(event.getPid())) {
            replan();
        }
    }

    /** What {@code api:status} shows. */
    public record Status(List<String> httpAddresses, String httpPort, HttpsPlan.State https,
                         Optional<String> refusedConfiguration, boolean listening) {
    }

    public Status status() {
        Map<String, Object> paxWeb = paxWebProperties();
        HttpsPlan.State s = state;
        boolean listening = s instanceof HttpsPlan.On on && accepts(on.host(), on.port());
        return new Status(HttpsPlan.listeningAddresses(paxWeb), String.valueOf(paxWeb.get(HttpsPlan.HTTP_PORT)), s,
            Optional.ofNullable(refusedConfiguration), listening);
    }

    private void replan() {
        try {
            thread.execute(this::plan);
        } catch (RejectedExecutionException stopping) {
            LOG.debug("HTTPS not planned: the API stops");
        }
    }

    private void plan() {
        try {
            Map<String, Object> current = paxWebProperties();
            HttpsPlan.State next = decide(current);
            String revision = "";
            if (next instanceof HttpsPlan.On on) {
                String xml = HttpsPlan.jettyXml(template(), on);
                writeJettyXml(xml);
                revision = HttpsPlan.revision(xml);
            }
            Map<String, Object> desired = HttpsPlan.paxWebProperties(current, next, jettyXml(), revision);
            if (HttpsPlan.changes(current, desired)) {
                configurationAdmin.getConfiguration(HttpsPlan.PAX_WEB_PID, "?").update(dictionary(desired));
                say(next);
            } else if (!next.equals(state)) {
                say(next);
            }
            state = next;
            scheduleRecheck(next);
        } catch (IOException | RuntimeException e) {
            LOG.error("HTTPS of the management API could not be set up", e);
        }
    }

    private HttpsPlan.State decide(Map<String, Object> current) {
        WebOptions o = options;
        HttpsPlan.Result<InetAddress> address = HttpsPlan.address(o, identity.managementAddress(), current);
        if (address.value().isEmpty()) {
            ports.release(WebOptions.PID);
            return new HttpsPlan.Off(address.why());
        }
        InetAddress host = address.value().get();
        if (!onThisNode(host)) {
            ports.release(WebOptions.PID);
            return new HttpsPlan.Off(host.getHostAddress() + " is not an address of this node (yet); looked at"
                + " again every " + RECHECK_SECONDS + " s");
        }
        try {
            ports.claim(WebOptions.PID,
                List.of(new ListeningPorts.Port(WebOptions.HTTPS_PORT.key(), host, o.httpsPort())));
        } catch (IllegalArgumentException e) {
            return new HttpsPlan.Off(e.getMessage());
        }
        HttpsPlan.State keyed = withCertificate(o, host);
        if (keyed instanceof HttpsPlan.On on && !HttpsPlan.runningAt(current, on)) {
            Optional<String> busy = ListeningPorts.unavailable(host, o.httpsPort());
            if (busy.isPresent()) {
                return new HttpsPlan.Off(busy.get() + "; looked at again every " + RECHECK_SECONDS + " s");
            }
        }
        return keyed;
    }

    /** The keystore and its certificate: the configured one, or the node's own, made self-signed when missing. */
    private HttpsPlan.State withCertificate(WebOptions o, InetAddress host) {
        Path keystore = o.keystore().orElse(defaultKeystore());
        try {
            if (o.keystore().isEmpty()) {
                ensureOwnKeystore(keystore, host);
            }
            String password = o.keystorePassword().orElse(null);
            if (password == null) {
                Path file = ServerCertificates.passwordFile(keystore);
                if (!Files.exists(file)) {
                    return new HttpsPlan.Off(WebOptions.KEYSTORE_PASSWORD + " is not set in etc/" + WebOptions.PID
                        + ".cfg and " + file + " does not exist: expected the password of " + keystore);
                }
                password = Files.readString(file, StandardCharsets.UTF_8).strip();
            }
            ServerCertificate certificate = certificates.read(keystore, password.toCharArray());
            if (!certificate.serverAuth()) {
                return new HttpsPlan.Off("the certificate in " + keystore + " (" + certificate.subject() + ") may not"
                    + " authenticate a server: expected one made by cluster:issue-cert --api");
            }
            return new HttpsPlan.On(host, o.httpsPort(), keystore, password, certificate);
        } catch (IOException | RuntimeException e) {
            return new HttpsPlan.Off(String.valueOf(e.getMessage()));
        }
    }

    /** The node's own keystore: made at the first start; made again if its address is no longer in it. */
    private void ensureOwnKeystore(Path keystore, InetAddress host) throws IOException {
        Path passwordFile = ServerCertificates.passwordFile(keystore);
        if (Files.exists(keystore) && Files.exists(passwordFile)) {
            ServerCertificate present = certificates.read(keystore,
                Files.readString(passwordFile, StandardCharsets.UTF_8).strip().toCharArray());
            if (!present.selfSigned() || present.subjectAltNames().contains("IP:" + host.getHostAddress())) {
                return; // the operator's, or still right
            }
            LOG.info("the management API's self-signed certificate names {}, not {}: making a new one",
                present.subjectAltNames(), host.getHostAddress());
        } else if (Files.exists(keystore)) {
            return; // the operator's file, with the password in the configuration (or said missing)
        }
        ServerCertificate made = certificates.selfSigned(keystore, identity.name(), List.of(host.getHostAddress()),
            List.of(), SELF_SIGNED_VALIDITY);
        LOG.info("made the management API's self-signed certificate {} ({}), SHA-256 {}; clients may trust {}",
            made.subject(), String.join(", ", made.subjectAltNames()), made.fingerprint(),
            ServerCertificates.certificateFile(keystore));
    }

    private void say(HttpsPlan.State s) {
        if (s instanceof HttpsPlan.On on) {
            LOG.info("management API: HTTPS on {} with the certificate {} issued by {}, SHA-256 {}", on.endpoint(),
                on.certificate().subject(), on.certificate().issuer(), on.certificate().fingerprint());
        } else if (options.httpsPort() == 0
            || options.httpsAddress().isEmpty() && identity.managementAddress().isEmpty()) {
            LOG.info("management API: HTTPS off: {}", ((HttpsPlan.Off) s).why()); // as configured: nothing wrong
        } else {
            LOG.warn("management API: HTTPS off: {}", ((HttpsPlan.Off) s).why());
        }
    }

    private void scheduleRecheck(HttpsPlan.State s) {
        boolean wanted = s instanceof HttpsPlan.Off && options.httpsPort() != 0;
        if (wanted && recheck == null) {
            recheck = thread.scheduleWithFixedDelay(this::plan, RECHECK_SECONDS, RECHECK_SECONDS, TimeUnit.SECONDS);
        } else if (!wanted && recheck != null) {
            recheck.cancel(false);
            recheck = null;
        }
    }

    private Map<String, Object> paxWebProperties() {
        try {
            Dictionary<String, Object> d = configurationAdmin.getConfiguration(HttpsPlan.PAX_WEB_PID, "?")
                .getProperties();
            if (d == null) {
                return Map.of();
            }
            Map<String, Object> out = new java.util.HashMap<>();
            Collections.list(d.keys()).forEach(k -> out.put(k, d.get(k)));
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + HttpsPlan.PAX_WEB_PID + ": " + e.getMessage(), e);
        }
    }

    private static Dictionary<String, Object> dictionary(Map<String, Object> map) {
        return new Hashtable<>(map);
    }

    private static boolean onThisNode(InetAddress address) {
        try {
            return address.isLoopbackAddress() || NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    private static boolean accepts(InetAddress host, int port) {
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(host, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Path etc() {
        return Path.of(System.getProperty("karaf.etc", "etc"));
    }

    static Path defaultKeystore() {
        return etc().resolve("vireo/api/server.p12").toAbsolutePath();
    }

    private static Path jettyXml() {
        return etc().resolve(HttpsPlan.OWN_XML).toAbsolutePath();
    }

    private static String template() throws IOException {
        try (InputStream in = HttpsListener.class.getResourceAsStream("jetty-https.xml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The Jetty XML where Pax Web reads it, owner-only (it holds the password), unless it is there already. */
    private static void writeJettyXml(String xml) throws IOException {
        byte[] content = xml.getBytes(StandardCharsets.UTF_8);
        Path file = jettyXml();
        if (Files.exists(file) && Arrays.equals(Files.readAllBytes(file), content)) {
            return;
        }
        Files.createDirectories(file.getParent());
        // createTempFile makes it owner-only (rw-------)
        Path tmp = Files.createTempFile(file.getParent(), ".jetty-https", ".tmp");
        try {
            Files.write(tmp, content);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
