package org.vireo.balancer.internal.config;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;

/**
 * This node's own balancer settings (PID {@value #PID}, node-local: config sync never replicates it): what the
 * node does with traffic for a VIP that reaches it while it is that instance's backup (a client with a stale ARP
 * entry, a router with a static one). Dropped by default; with sharing the node serves it itself; with
 * send-to-master it relays it to the master. Each key's name and default is {@link LocalConfig}'s, the PID's
 * metatype.
 *
 * @param sharing      VRRP instance names ({@code *}: all) whose VIP traffic this node serves while backup
 * @param sendToMaster instance names ({@code *}: all) whose VIP traffic it relays to the master while backup
 */
public record LocalOptions(Set<String> sharing, Set<String> sendToMaster) {

    public static final String PID = "org.vireo.balancer.local";
    private static final Pattern NAME = Pattern.compile("\\*|[A-Za-z0-9._-]{1,64}");

    // the keys as LocalConfig declares them, with their defaults
    static final Setting<String[]> SHARING = Setting.of(LocalConfig.class, LocalConfig::sharing);
    static final Setting<String[]> SEND_TO_MASTER = Setting.of(LocalConfig.class, LocalConfig::sendToMaster);

    public LocalOptions {
        sharing = Set.copyOf(sharing);
        sendToMaster = Set.copyOf(sendToMaster);
    }

    /** Whether this node serves the instance's VIP traffic itself while backup. */
    public boolean shares(String instance) {
        return sharing.contains("*") || sharing.contains(instance);
    }

    /** Whether it relays the instance's VIP traffic to the master while backup (sharing wins where both say so). */
    public boolean sendsToMaster(String instance) {
        return !shares(instance) && (sendToMaster.contains("*") || sendToMaster.contains(instance));
    }

    /**
     * @throws IllegalArgumentException naming the PID, every bad key and value, and what is accepted, and every key it
     *                                  does not read (unless {@code config} is a merged {@link ConfigReader})
     */
    public static LocalOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        Set<String> sharing = names(raw, SHARING, errors);
        Set<String> relay = names(raw, SEND_TO_MASTER, errors);
        for (String both : sharing) {
            if (relay.contains(both)) {
                errors.add("'" + both + "' is in both " + SHARING + " and " + SEND_TO_MASTER + ": a backup either"
                    + " serves an instance's VIP traffic or relays it, choose one");
            }
        }
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new LocalOptions(sharing, relay);
    }

    private static Set<String> names(Map<String, ?> raw, Setting<String[]> setting, List<String> errors) {
        Set<String> out = new LinkedHashSet<>();
        for (String n : ConfigValues.list(raw, setting)) {
            if (NAME.matcher(n).matches()) {
                out.add(n);
            } else {
                errors.add(setting + ": '" + n + "': expected VRRP instance names (as in vrrp:list), comma-separated,"
                    + " or * for all");
            }
        }
        return out;
    }
}
