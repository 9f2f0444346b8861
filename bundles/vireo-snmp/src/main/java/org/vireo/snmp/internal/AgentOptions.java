package org.vireo.snmp.internal;

import static org.vireo.config.ConfigValues.bool;
import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.text;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;
import org.vireo.notify.snmp.Community;
import org.vireo.notify.snmp.EngineId;
import org.vireo.notify.snmp.V3User;

/**
 * The agent's configuration, PID {@value #PID}. Its secrets (the community, the passphrases) are never in a message
 * or in {@link #toString}.
 *
 * @param community SNMPv2c's; empty: no SNMPv2c
 * @param user      SNMPv3's; null: no SNMPv3
 */
record AgentOptions(boolean enabled, String address, int port, String community, V3User user, EngineId engineId) {

    static final String PID = "org.vireo.notify.snmp.agent";
    /** The node's name, which AgentComponent adds for the engine ID: a private ('.'-prefixed) property. */
    static final String NODE_PROPERTY = ".vireo.node";

    static final Setting<Boolean> ENABLED = Setting.of(AgentConfig.class, AgentConfig::enabled);
    static final Setting<String> ADDRESS = Setting.of(AgentConfig.class, AgentConfig::address);
    static final Setting<Integer> PORT = Setting.of(AgentConfig.class, AgentConfig::port);
    static final Setting<String> COMMUNITY = Setting.of(AgentConfig.class, AgentConfig::community);
    static final V3User.Keys USER = new V3User.Keys(Setting.of(AgentConfig.class, AgentConfig::user),
        Setting.of(AgentConfig.class, AgentConfig::authProtocol),
        Setting.of(AgentConfig.class, AgentConfig::authPassphrase),
        Setting.of(AgentConfig.class, AgentConfig::privProtocol),
        Setting.of(AgentConfig.class, AgentConfig::privPassphrase));
    static final Setting<String> ENGINE_ID = Setting.of(AgentConfig.class, AgentConfig::engineId);

    private static final Pattern LITERAL = Pattern.compile("[0-9.]{7,15}|[0-9A-Fa-f:]{2,39}");

    /** @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted */
    static AgentOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        boolean enabled = bool(raw, ENABLED, errors);
        String address = text(raw, ADDRESS);
        if (!LITERAL.matcher(address).matches()) {
            errors.add(ADDRESS + " = '" + address + "': expected an IP address of this node (127.0.0.1, 0.0.0.0, ::)");
        }
        int port = integer(raw, PORT, 1, 65_535, errors);
        boolean v2c = !text(raw, COMMUNITY).isEmpty();
        String community = v2c ? Community.read(raw, COMMUNITY, errors) : "";
        boolean v3 = !text(raw, USER.user()).isEmpty() || !text(raw, USER.authPassphrase()).isEmpty()
            || !text(raw, USER.privPassphrase()).isEmpty();
        V3User user = v3 ? V3User.read(raw, USER, errors) : null;
        readDefaults(raw);
        if (enabled && !v2c && !v3) {
            errors.add(ENABLED + " = true, but neither " + COMMUNITY + " (SNMPv2c) nor " + USER.user() + " (SNMPv3) is"
                + " set: the agent would answer nobody");
        }
        EngineId engineId = EngineId.configured(ENGINE_ID.key(), text(raw, ENGINE_ID),
            text(raw, NODE_PROPERTY, "vireo"), errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new AgentOptions(enabled, address, port, community, user, engineId);
    }

    /** The protocol keys are read whether or not there is a user: set without one, they are harmless defaults. */
    private static void readDefaults(ConfigReader raw) {
        raw.containsKey(USER.authProtocol().key());
        raw.containsKey(USER.privProtocol().key());
    }

    /** Where and to whom it answers, without secrets: {@code udp:127.0.0.1/161 v2c, v3 user ops (...) engine 0x...}. */
    String describe() {
        return "udp:" + address + "/" + port + (community.isEmpty() ? "" : " v2c") + (user == null ? ""
            : (community.isEmpty() ? " " : ", ") + "v3 user " + user + " engine " + engineId);
    }

    @Override
    public String toString() {
        return "SNMP agent " + (enabled ? "on " + describe() : "off");
    }
}
