package org.vireo.notify.internal.hook;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.vireo.events.NodeEvent;
import org.vireo.node.ReleaseGate;

/**
 * What a hook is run with for one event: its command line, its environment and its standard input. Pure.
 *
 * <p>Arguments as keepalived's {@code notify} gives them for a VRRP transition ({@code INSTANCE <name> <STATE>
 * <priority>}), so a keepalived script runs unchanged; {@code EVENT <type>} for any other event. The event's fields as
 * environment variables ({@code VIREO_<FIELD>}: {@code VIREO_INSTANCE}, {@code VIREO_TO}...) beside
 * {@code VIREO_EVENT_TYPE}, {@code VIREO_EVENT_SEQ}, {@code VIREO_EVENT_TIME}, {@code VIREO_NODE}; and the event as
 * one JSON line on standard input, as the API's stream has it. The environment holds nothing of the node's own (its
 * JVM's variables stay in it): {@code PATH} and {@code LANG} are set.
 */
record HookInvocation(List<String> command, Map<String, String> environment, byte[] input) {

    static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

    /** The command and the configured arguments, before those of an event. */
    static List<String> commandLine(HookOptions options) {
        List<String> command = new ArrayList<>();
        command.add(options.command().toString());
        command.addAll(options.arguments());
        return command;
    }

    /** The type of a pre-release run's event; never in the log: the run is the node's, not an event's. */
    static final String PRE_RELEASE = "vrrp.pre_release";

    /**
     * A pre-release run: {@code INSTANCE <name> PRE_RELEASE <priority>}, and as its event (seq 0: not one of the
     * log's) the instance, vrid, interface, priority, addresses (comma-separated), cause and holdSeconds.
     */
    static HookInvocation preRelease(HookOptions options, ReleaseGate.Release release, Instant now, String node) {
        Map<String, Object> fields = new HashMap<>();
        fields.put("instance", release.instance());
        fields.put("vrid", (long) release.vrid());
        fields.put("interface", release.interfaceName());
        fields.put("priority", (long) release.priority());
        fields.put("addresses", String.join(",", release.addresses()));
        fields.put("cause", release.cause());
        fields.put("holdSeconds", options.holdReleaseMillis() / 1000);
        return of(options, new NodeEvent(0, now, PRE_RELEASE, fields), node);
    }

    static HookInvocation of(HookOptions options, NodeEvent event, String node) {
        List<String> command = commandLine(options);
        if (event.type().equals("vrrp.transition")) {
            command.addAll(List.of("INSTANCE", field(event, "instance"), field(event, "to"),
                field(event, "priority")));
        } else if (event.type().equals(PRE_RELEASE)) {
            command.addAll(List.of("INSTANCE", field(event, "instance"), "PRE_RELEASE", field(event, "priority")));
        } else {
            command.addAll(List.of("EVENT", event.type()));
        }
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("PATH", PATH);
        environment.put("LANG", "C.UTF-8");
        environment.put("VIREO_NODE", node);
        environment.put("VIREO_EVENT_TYPE", event.type());
        environment.put("VIREO_EVENT_SEQ", Long.toString(event.seq()));
        environment.put("VIREO_EVENT_TIME", event.timeText());
        event.fields().forEach((name, value) -> environment.putIfAbsent(variable(name), String.valueOf(value)));
        byte[] input = (event.toJson(node) + "\n").getBytes(StandardCharsets.UTF_8);
        return new HookInvocation(List.copyOf(command), Map.copyOf(environment), input);
    }

    private static String field(NodeEvent event, String name) {
        return String.valueOf(event.fields().getOrDefault(name, ""));
    }

    /** {@code VIREO_} and the field's name in capitals, camel case split ({@code gapMillis}: {@code GAP_MILLIS}). */
    static String variable(String field) {
        StringBuilder out = new StringBuilder("VIREO_");
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                out.append('_');
            }
            out.append(Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
        }
        return out.toString().toUpperCase(Locale.ROOT);
    }
}
