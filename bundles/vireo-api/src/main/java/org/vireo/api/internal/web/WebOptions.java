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
import org.vireo.config.Setting;

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
    // the keys as WebConfig (the PID's metatype) declares them, with their defaults
    static final Setting<Integer> HTTPS_PORT = Setting.of(WebConfig.class, WebConfig::httpsPort);
    static final Setting<String> HTTPS_ADDRESS = Setting.of(WebConfig.class, WebConfig::httpsAddress);
    static final Setting<String> KEYSTORE = Setting.of(WebConfig.class, WebConfig::keystore);
    static final Setting<String> KEYSTORE_PASSWORD = Setting.of(WebConfig.class, WebConfig::keystorePassword);
    /** An IPv4 or IPv6 literal, never a name: a name would be looked up in DNS at every start. */
    private static final Pattern LITERAL = Pattern.compile("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    /** @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted */
    public static WebOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        int port = ConfigValues.integer(raw, HTTPS_PORT, 0, 65535, "0 (off) or a port 1-65535", errors);
        Optional<InetAddress> address = address(ConfigValues.text(raw, HTTPS_ADDRESS), errors);
        String keystore = ConfigValues.text(raw, KEYSTORE);
        String password = ConfigValues.text(raw, KEYSTORE_PASSWORD);
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
        errors.add(HTTPS_ADDRESS + " = '" + text + "': expected an IPv4 or IPv6 literal of this node (not a name, not"
            + " 0.0.0.0 or ::: HTTPS listens on one address), or empty for the management address");
        return Optional.empty();
    }
}
