package org.vireo.node.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;
import org.vireo.node.NodeIdentity;
import org.vireo.node.Role;

/**
 * The node configuration, parsed and checked once. Where the configuration leaves {@code name} or
 * {@code role} out, the environment ({@value #ENV_NAME}, {@value #ENV_ROLE}) decides: that is how a
 * first start picks its role before any configuration file was edited.
 */
public record NodeOptions(String name, Optional<String> managementAddress, String interfaceName,
                          Role role, boolean alsoScan, boolean roleFromConfiguration) {

    public static final String ENV_ROLE = "VIREO_ROLE";
    public static final String ENV_NAME = "VIREO_NODE_NAME";

    // the keys as NodeConfig (the PID's metatype) declares them, with their defaults
    static final Setting<String> NAME = Setting.of(NodeConfig.class, NodeConfig::name);
    static final Setting<String> MANAGEMENT_ADDRESS = Setting.of(NodeConfig.class, NodeConfig::managementAddress);
    static final Setting<String> INTERFACE_NAME = Setting.of(NodeConfig.class, NodeConfig::interfaceName);
    static final Setting<String> ROLE = Setting.of(NodeConfig.class, NodeConfig::role);
    static final Setting<Boolean> ALSO_SCAN = Setting.of(NodeConfig.class, NodeConfig::alsoScan);

    // Linux IFNAMSIZ is 16 including the NUL; '/', ':' and blanks are not allowed in a name.
    private static final Pattern INTERFACE = Pattern.compile("[A-Za-z0-9._-]{1,15}");
    private static final Pattern NODE_NAME = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9._-]{0,62})");
    private static final Pattern IPV4 = Pattern.compile(
        "((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
    private static final Pattern IPV6_CHARS = Pattern.compile("[0-9A-Fa-f:.]+");

    /**
     * Parses the configuration.
     *
     * @param raw      the configuration properties as ConfigurationAdmin hands them over (may lack keys)
     * @param env      the process environment
     * @param hostName the host name, used when neither configuration nor environment name the node
     * @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted
     */
    public static NodeOptions parse(Map<String, ?> config, Map<String, String> env, String hostName) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();

        String name = ConfigValues.text(raw, NAME);
        String nameSource = NAME.key();
        if (name.isEmpty()) {
            name = env.getOrDefault(ENV_NAME, "").trim();
            nameSource = "environment variable " + ENV_NAME;
        }
        if (name.isEmpty()) {
            name = hostName;
            nameSource = "host name";
        }
        if (!NODE_NAME.matcher(name).matches()) {
            errors.add(nameSource + " = '" + name + "': a node name is 1-63 letters, digits, '.', '_' or '-',"
                + " starting with a letter or digit");
        }

        String address = ConfigValues.text(raw, MANAGEMENT_ADDRESS);
        if (!address.isEmpty() && !isIpLiteral(address)) {
            errors.add(MANAGEMENT_ADDRESS + " = '" + address + "': expected an IPv4 or IPv6 address literal"
                + " (e.g. 192.0.2.10 or 2001:db8::10), or empty");
        }

        String iface = raw.containsKey(INTERFACE_NAME.key()) ? text(raw, INTERFACE_NAME.key())
            : INTERFACE_NAME.defaultValue();
        if (!INTERFACE.matcher(iface).matches()) {
            errors.add(INTERFACE_NAME + " = '" + iface + "': expected an interface name of 1-15 letters, digits,"
                + " '.', '_' or '-'");
        }

        boolean roleFromConfiguration = !text(raw, ROLE.key()).isEmpty();
        String roleText = roleFromConfiguration ? text(raw, ROLE.key()) : env.getOrDefault(ENV_ROLE, "").trim();
        String roleSource = roleFromConfiguration ? ROLE.key() : "environment variable " + ENV_ROLE;
        // no role anywhere: the declared default, the all-in-one appliance (a director, and alsoScan's default)
        Role role = Role.parse(ROLE.defaultValue());
        if (!roleText.isEmpty()) {
            try {
                role = Role.parse(roleText);
            } catch (IllegalArgumentException e) {
                errors.add(roleSource + " = '" + roleText + "': accepted roles are " + Role.labels());
            }
        }

        boolean alsoScan = roleText.isEmpty() && ALSO_SCAN.defaultValue();
        String alsoScanText = text(raw, ALSO_SCAN.key());
        if (alsoScanText.equalsIgnoreCase("true")) {
            alsoScan = true;
        } else if (alsoScanText.equalsIgnoreCase("false")) {
            alsoScan = false;
        } else if (!alsoScanText.isEmpty()) {
            errors.add(ALSO_SCAN + " = '" + alsoScanText + "': expected true or false");
        }

        raw.refuseIfAny(ConfigReader.refusal(NodeIdentity.PID), errors);
        return new NodeOptions(name, address.isEmpty() ? Optional.empty() : Optional.of(address), iface,
            role, alsoScan && role != Role.SCANNER, roleFromConfiguration);
    }

    /** The same node in another role, as recorded in the configuration by a role switch. */
    NodeOptions withRole(Role newRole, boolean newAlsoScan) {
        return new NodeOptions(name, managementAddress, interfaceName, newRole, newAlsoScan && newRole != Role.SCANNER,
            true);
    }

    private static String text(Map<String, ?> raw, String key) {
        Object v = raw.get(key);
        return v == null ? "" : String.valueOf(v).trim();
    }

    private static boolean isIpLiteral(String s) {
        if (IPV4.matcher(s).matches()) {
            return true;
        }
        if (!s.contains(":") || !IPV6_CHARS.matcher(s).matches()) {
            return false;
        }
        try {
            // A string of hex digits and colons is parsed as an IPv6 literal: no DNS lookup happens.
            InetAddress.getByName(s);
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
