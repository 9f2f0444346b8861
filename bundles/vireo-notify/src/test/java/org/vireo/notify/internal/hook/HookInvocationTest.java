package org.vireo.notify.internal.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.events.NodeEvent;

class HookInvocationTest {

    private final HookOptions hook = HookOptions.parse(Map.of("name", "k", "command", "/etc/keepalived/notify.sh",
        "arguments", "--from-vireo", "events", "*"));

    @Test
    void aVrrpTransitionGetsKeepalivedsArguments() {
        NodeEvent e = new NodeEvent(7, Instant.parse("2026-12-06T10:00:00.123Z"), "vrrp.transition",
            Map.of("instance", "vip1", "from", "BACKUP", "to", "MASTER", "priority", 150L, "vrid", 51L));

        HookInvocation i = HookInvocation.of(hook, e, "n1");

        assertThat(i.command()).containsExactly("/etc/keepalived/notify.sh", "--from-vireo", "INSTANCE", "vip1",
            "MASTER", "150");
        assertThat(i.environment()).containsEntry("VIREO_EVENT_TYPE", "vrrp.transition")
            .containsEntry("VIREO_EVENT_SEQ", "7").containsEntry("VIREO_EVENT_TIME", "2026-12-06T10:00:00.123Z")
            .containsEntry("VIREO_NODE", "n1").containsEntry("VIREO_INSTANCE", "vip1").containsEntry("VIREO_TO", "MASTER")
            .containsEntry("VIREO_PRIORITY", "150").containsEntry("PATH", HookInvocation.PATH);
        assertThat(new String(i.input(), StandardCharsets.UTF_8)).isEqualTo(e.toJson("n1") + "\n");
    }

    @Test
    void anyOtherEventGetsItsType_andCamelCaseFieldsSplit() {
        NodeEvent e = new NodeEvent(9, Instant.EPOCH, "vrrp.takeover", Map.of("gapMillis", 12L, "instance", "a"));

        HookInvocation i = HookInvocation.of(hook, e, "n2");

        assertThat(i.command()).endsWith("EVENT", "vrrp.takeover");
        assertThat(i.environment()).containsEntry("VIREO_GAP_MILLIS", "12");
    }

    @Test
    void theNodesOwnEnvironmentStaysOut() {
        NodeEvent e = new NodeEvent(1, Instant.EPOCH, "node.role", Map.of("to", "director"));

        assertThat(HookInvocation.of(hook, e, "n1").environment().keySet())
            .allMatch(k -> k.startsWith("VIREO_") || k.equals("PATH") || k.equals("LANG"));
    }
}
