package org.vireo.api.internal.web;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.vireo.api.ServerCertificate;

/**
 * What Pax Web's configuration ({@value #PAX_WEB_PID}) holds for the API's HTTPS listener, decided from values:
 * Pax Web makes its connectors from its own PID, one per listening address, all alike; the HTTPS listener is on
 * another address than plain HTTP, so it comes from a Jetty XML file ({@value #CONFIG_FILE}), written from the
 * bundle's template with the listener's values. The keystore's password is in that file (owner-only), never in
 * Pax Web's PID, whose file fileinstall writes readable by all; the PID holds where HTTPS listens and a digest of
 * the file ({@value #REVISION}), so that a change of the file is a change Pax Web loads. Nothing here touches a file
 * or a socket.
 */
public final class HttpsPlan {

    static final String PAX_WEB_PID = "org.ops4j.pax.web";
    static final String CONFIG_FILE = "org.ops4j.pax.web.config.file";
    static final String LISTENING_ADDRESSES = "org.ops4j.pax.web.listening.addresses";
    static final String HTTP_PORT = "org.osgi.service.http.port";
    static final String HOST = "vireo.https.host";
    static final String PORT = "vireo.https.port";
    static final String REVISION = "vireo.https.revision";
    private static final List<String> OURS = List.of(CONFIG_FILE, HOST, PORT, REVISION);
    /** The end of the Jetty XML's path ({@code etc/vireo/api/jetty-https.xml}): the one file this plan owns. */
    static final String OWN_XML = "vireo/api/jetty-https.xml";

    /** Where HTTPS is: on, with its address, port, keystore and certificate; or off, and why. */
    public sealed interface State permits On, Off {
    }

    public record On(InetAddress host, int port, Path keystore, String password, ServerCertificate certificate)
        implements State {

        /** {@code 10.0.0.5:8443}, {@code [2001:db8::5]:8443}. */
        public String endpoint() {
            String h = host.getHostAddress();
            return (h.contains(":") ? "[" + h + "]" : h) + ":" + port;
        }
    }

    public record Off(String why) implements State {
    }

    private HttpsPlan() {
    }

    /** The address HTTPS listens on: the configured one, else the management address; empty: off, and why. */
    static Result<InetAddress> address(WebOptions options, Optional<String> managementAddress,
                                       Map<String, ?> paxWeb) {
        if (options.httpsPort() == 0) {
            return Result.refused(WebOptions.HTTPS_PORT + " = 0 in etc/" + WebOptions.PID + ".cfg");
        }
        Optional<InetAddress> address = options.httpsAddress().or(() -> managementAddress.flatMap(HttpsPlan::literal));
        if (address.isEmpty()) {
            return Result.refused("no address to listen on: set managementAddress in etc/org.vireo.node.cfg (or"
                + " " + WebOptions.HTTPS_ADDRESS + " in etc/" + WebOptions.PID + ".cfg)");
        }
        Object configFile = paxWeb.get(CONFIG_FILE);
        if (configFile != null && !configFile.toString().isBlank() && !configFile.toString().endsWith(OWN_XML)) {
            return Result.refused(CONFIG_FILE + " in etc/" + PAX_WEB_PID + ".cfg names a Jetty XML of its own ("
                + configFile + "): the API's HTTPS is not added beside it; remove it, or add the HTTPS connector there");
        }
        for (String plain : listeningAddresses(paxWeb)) {
            if (literal(plain).filter(address.get()::equals).isPresent()) {
                return Result.refused(WebOptions.HTTPS_ADDRESS + " " + address.get().getHostAddress() + " is where"
                    + " plain HTTP listens (" + LISTENING_ADDRESSES + " in etc/" + PAX_WEB_PID + ".cfg): HTTPS needs"
                    + " another address");
            }
        }
        return Result.of(address.get());
    }

    /** The Jetty XML of {@code on}: the bundle's template with its values, escaped for XML. */
    static String jettyXml(String template, On on) {
        return template.replace("@HOST@", xml(on.host().getHostAddress()))
            .replace("@PORT@", Integer.toString(on.port()))
            .replace("@KEYSTORE@", xml(on.keystore().toString()))
            .replace("@PASSWORD@", xml(on.password()))
            .replace("@FINGERPRINT@", xml(on.certificate().fingerprint()));
    }

    /** The digest Pax Web's PID holds of the Jetty XML: SHA-256, hex. */
    static String revision(String jettyXml) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(jettyXml.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * Pax Web's properties with the HTTPS listener of {@code state} (its Jetty XML {@code configFile}, whose content
     * has the digest {@code revision}): every other property as it was.
     */
    static Map<String, Object> paxWebProperties(Map<String, ?> current, State state, Path configFile,
                                                String revision) {
        Map<String, Object> next = new HashMap<>(current);
        OURS.forEach(next::remove);
        Object own = current.get(CONFIG_FILE);
        if (own != null && !own.toString().endsWith(OWN_XML)) {
            next.put(CONFIG_FILE, own); // the operator's own Jetty XML is theirs (HTTPS is off beside it)
        }
        if (state instanceof On on) {
            next.put(CONFIG_FILE, configFile.toString());
            next.put(HOST, on.host().getHostAddress());
            next.put(PORT, Integer.toString(on.port()));
            next.put(REVISION, revision);
        }
        return next;
    }

    /** Whether Pax Web must be told (and restart Jetty): what we own differs. */
    static boolean changes(Map<String, ?> current, Map<String, ?> next) {
        return OURS.stream().anyMatch(k -> !Objects.equals(text(current.get(k)), text(next.get(k))));
    }

    /** Whether Pax Web already listens where {@code on} would: its own port then need not be probed. */
    static boolean runningAt(Map<String, ?> current, On on) {
        return on.host().getHostAddress().equals(text(current.get(HOST)))
            && Integer.toString(on.port()).equals(text(current.get(PORT)));
    }

    static List<String> listeningAddresses(Map<String, ?> paxWeb) {
        String s = text(paxWeb.get(LISTENING_ADDRESSES));
        return s == null || s.isBlank() ? List.of("0.0.0.0") : Arrays.stream(s.split("\\s*,\\s*"))
            .filter(a -> !a.isEmpty()).toList();
    }

    private static Optional<InetAddress> literal(String s) {
        try {
            return WebOptions.parse(Map.of(WebOptions.HTTPS_ADDRESS.key(), s)).httpsAddress();
        } catch (IllegalArgumentException notALiteral) {
            return Optional.empty();
        }
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
            .replace("'", "&apos;");
    }

    private static String text(Object o) {
        return o == null ? null : o.toString();
    }

    /** A value, or why there is none. */
    record Result<T>(Optional<T> value, String why) {

        static <T> Result<T> of(T value) {
            return new Result<>(Optional.of(value), "");
        }

        static <T> Result<T> refused(String why) {
            return new Result<>(Optional.empty(), why);
        }
    }
}
