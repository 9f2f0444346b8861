package org.vireo.notify.internal.snmp;

import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;
import org.vireo.notify.internal.EventFilter;
import org.vireo.notify.internal.SinkHost;
import org.vireo.notify.internal.SinkName;
import org.vireo.notify.snmp.Community;
import org.vireo.notify.snmp.EngineId;
import org.vireo.notify.snmp.V3User;

/**
 * One SNMP sink's configuration, factory PID {@value #FACTORY_PID}. Its secrets (the community, the passphrases) are
 * never in a message or in {@link #toString}.
 *
 * @param user     v3's user; null for v2c
 * @param engineId this node's engine ID (the authoritative one of its v3 traps)
 */
record SnmpOptions(String name, String host, int port, boolean v3, boolean inform, String community, V3User user,
                   EngineId engineId, int timeoutMillis, int retries, EventFilter events) {

    static final String FACTORY_PID = "org.vireo.notify.snmp";
    /**
     * The node's name, which SnmpComponent adds to the configuration for the engine ID: a private property
     * (ConfigurationAdmin 104.4.3: '.'-prefixed), never an operator's key.
     */
    static final String NODE_PROPERTY = ".vireo.node";
    /** The event types with a VRRPv3-MIB notification. */
    static final Set<String> TYPES = Set.of(SnmpNotifications.TRANSITION, SnmpNotifications.PROTOCOL_ERROR);

    static final Setting<String> NAME = Setting.of(SnmpConfig.class, SnmpConfig::name);
    static final Setting<String> HOST = Setting.of(SnmpConfig.class, SnmpConfig::host);
    static final Setting<Integer> PORT = Setting.of(SnmpConfig.class, SnmpConfig::port);
    static final Setting<String> VERSION = Setting.of(SnmpConfig.class, SnmpConfig::version);
    static final Setting<String> NOTIFICATION = Setting.of(SnmpConfig.class, SnmpConfig::notification);
    static final Setting<String> COMMUNITY = Setting.of(SnmpConfig.class, SnmpConfig::community);
    static final V3User.Keys USER = new V3User.Keys(Setting.of(SnmpConfig.class, SnmpConfig::user),
        Setting.of(SnmpConfig.class, SnmpConfig::authProtocol), Setting.of(SnmpConfig.class, SnmpConfig::authPassphrase),
        Setting.of(SnmpConfig.class, SnmpConfig::privProtocol), Setting.of(SnmpConfig.class, SnmpConfig::privPassphrase));
    static final Setting<String> ENGINE_ID = Setting.of(SnmpConfig.class, SnmpConfig::engineId);
    static final Setting<Integer> TIMEOUT_MILLIS = Setting.of(SnmpConfig.class, SnmpConfig::timeoutMillis);
    static final Setting<Integer> RETRIES = Setting.of(SnmpConfig.class, SnmpConfig::retries);
    static final Setting<String[]> EVENTS = Setting.of(SnmpConfig.class, SnmpConfig::events);

    /** @throws IllegalArgumentException naming the PID and the sink, each bad key, its value and what is accepted */
    static SnmpOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String name = SinkName.read(raw, NAME, "SNMP sink", errors);
        String host = SinkHost.read(raw, HOST, "the manager", errors);
        int port = integer(raw, PORT, 1, 65_535, errors);
        boolean v3 = choice(text(raw, VERSION), VERSION, "v3", "v2c", errors);
        boolean inform = choice(text(raw, NOTIFICATION), NOTIFICATION, "inform", "trap", errors);
        String community = v3 ? unwanted(raw, COMMUNITY, "v2c", errors) : Community.read(raw, COMMUNITY, errors);
        V3User user = v3 ? V3User.read(raw, USER, errors) : null;
        if (!v3) {
            List.of(USER.user(), USER.authPassphrase(), USER.privPassphrase(), ENGINE_ID)
                .forEach(k -> unwanted(raw, k, "v3", errors));
            raw.containsKey(USER.authProtocol().key()); // defaulted, harmless under v2c
            raw.containsKey(USER.privProtocol().key());
        }
        EngineId engineId = EngineId.configured(ENGINE_ID.key(), text(raw, ENGINE_ID),
            text(raw, NODE_PROPERTY, "vireo"), errors);
        int timeout = integer(raw, TIMEOUT_MILLIS, 100, 60_000, errors);
        int retries = integer(raw, RETRIES, 0, 20, errors);
        EventFilter events = EventFilter.parse(EVENTS.key(), list(raw, EVENTS), errors);
        events.patterns().stream().filter(p -> !TYPES.contains(p)).forEach(p -> errors.add(EVENTS + " holds '" + p
            + "': an SNMP sink sends vrrp.transition (vrrpv3NewMaster) and vrrp.protocol_error (vrrpv3ProtoError)"
            + " only, the events the VRRPv3-MIB has notifications for"));
        raw.refuseIfAny(ConfigReader.refusal(FACTORY_PID, "SNMP sink", name), errors);
        return new SnmpOptions(name, host, port, v3, inform, community, user, engineId, timeout, retries, events);
    }

    /** Whether {@code text} is {@code yes} (else {@code no}, else an error naming both). */
    private static boolean choice(String text, Setting<String> key, String yes, String no, List<String> errors) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (!lower.equals(yes) && !lower.equals(no)) {
            errors.add(key + " = '" + text + "': expected " + no + " or " + yes);
        }
        return lower.equals(yes);
    }

    /** A key of the other version must not be set: the operator meant something this configuration does not do. */
    private static String unwanted(Map<String, ?> raw, Setting<String> key, String version, List<String> errors) {
        if (!text(raw, key).isEmpty()) {
            errors.add(key + " is set, but it is for version " + version + " only");
        }
        return "";
    }

    /** Where it sends and how, without its secrets: {@code udp:192.0.2.9/162 v3 inform user ops (...)}. */
    String target() {
        return "udp:" + host + "/" + port + " " + (v3 ? "v3" : "v2c") + " " + (inform ? "inform" : "trap")
            + (v3 ? " user " + user + " engine " + engineId : "");
    }

    @Override
    public String toString() {
        return "SNMP sink " + name + " to " + target();
    }
}
