package org.vireo.api.internal.web;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;

/**
 * PID {@value #PID}: where the API's HTTPS listens and with which key.
 *
 * @param httpsPort        0: HTTPS off
 * @param httpsAddress     empty: the node's management address
 * @param keystore         empty: {@code etc/vireo/api/server.p12}, made self-signed when missing
 * @param keystorePassword empty: the one in {@code etc/vireo/api/server.password}
 */
public record WebOptions(int httpsPort, Optional<InetAddress> httpsAddress, Optional<Path> keystore,
                         Optional<String> keystorePassword) {

    public static final String PID = "org.vireo.api.web";
    static final int DEFAULT_HTTPS_PORT = 8443;
    /** An IPv4 or IPv6 literal, never a name: a name would be looked up in DNS at every start. */
    private static final Pattern LITERAL = Pattern.compile("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    /** @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted */
    public static WebOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        int port = ConfigValues.integer(raw, "httpsPort", DEFAULT_HTTPS_PORT, 0, 65535, "0 (off) or a port 1-65535",
            errors);
        Optional<InetAddress> address = address(ConfigValues.text(raw, "httpsAddress", ""), errors);
        String keystore = ConfigValues.text(raw, "keystore", "");
        String password = ConfigValues.text(raw, "keystorePassword", "");
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new WebOptions(port, address, keystore.isEmpty() ? Optional.empty() : Optional.of(Path.of(keystore)),
            password.isEmpty() ? Optional.empty() : Optional.of(password));
    }

    private static Optional<InetAddress> address(String text, List<String> errors) {
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            if (LITERAL.matcher(text).matches()) {
                InetAddress a = InetAddress.getByName(text); // a literal: no lookup
                if (!a.isAnyLocalAddress() && !a.isMulticastAddress()) {
                    return Optional.of(a);
                }
            }
        } catch (UnknownHostException e) {
            // said below
        }
        errors.add("httpsAddress = '" + text + "': expected an IPv4 or IPv6 literal of this node (not a name, not"
            + " 0.0.0.0 or ::: HTTPS listens on one address), or empty for the management address");
        return Optional.empty();
    }
}
