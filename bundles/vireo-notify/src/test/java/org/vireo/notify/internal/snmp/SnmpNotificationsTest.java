package org.vireo.notify.internal.snmp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.snmp4j.smi.VariableBinding;
import org.vireo.events.NodeEvent;

class SnmpNotificationsTest {

    private static NodeEvent event(String type, Map<String, Object> fields) {
        return new NodeEvent(7, Instant.EPOCH, type, fields);
    }

    private static NodeEvent toMaster(String master, String cause) {
        return event("vrrp.transition", Map.of("instance", "a", "vrid", 61L, "interface", "eth1", "from", "BACKUP",
            "to", "MASTER", "master", master, "cause", cause));
    }

    private static List<String> rendered(NodeEvent event) {
        return SnmpNotifications.of(event, 4200, name -> name.equals("eth1") ? 3 : 0).stream()
            .map(VariableBinding::toString).toList();
    }

    @Test
    void aTransitionToMaster_isVrrpv3NewMaster_withTheMastersAddressAndTheReason_indexedByItsRow() {
        assertThat(rendered(toMaster("192.0.2.1", "no advert from the master 192.0.2.2 for Master_Down_Interval")))
            .containsExactly("1.3.6.1.2.1.1.3.0 = 0:00:42.00", "1.3.6.1.6.3.1.1.4.1.0 = 1.3.6.1.2.1.207.0.1",
                "1.3.6.1.2.1.207.1.1.1.1.3.3.61.1 = c0:00:02:01", "1.3.6.1.2.1.207.1.2.5.1.2.3.61.1 = 3");
    }

    @Test
    void anIpv6MasterIndexesTheIpv6Row() {
        assertThat(rendered(toMaster("2001:db8::1", "started")))
            .contains("1.3.6.1.2.1.207.1.1.1.1.3.3.61.2 = 20:01:0d:b8:00:00:00:00:00:00:00:00:00:00:00:01",
                "1.3.6.1.2.1.207.1.2.5.1.2.3.61.2 = 1");
    }

    @Test
    void theReasonComesFromTheCause() {
        assertThat(rendered(toMaster("192.0.2.1", "preempted the master 192.0.2.2 (it advertises priority 100, below"
            + " this node's)"))).last().isEqualTo("1.3.6.1.2.1.207.1.2.5.1.2.3.61.1 = 2");
        assertThat(rendered(toMaster("192.0.2.1", "the master 192.0.2.2 stepped down (priority 0)"))).last()
            .isEqualTo("1.3.6.1.2.1.207.1.2.5.1.2.3.61.1 = 3");
        assertThat(rendered(toMaster("", "started"))).contains("1.3.6.1.2.1.207.1.1.1.1.3.3.61.1 = ").last()
            .isEqualTo("1.3.6.1.2.1.207.1.2.5.1.2.3.61.1 = 1");
    }

    @Test
    void aProtocolError_isVrrpv3ProtoError_withItsReason() {
        assertThat(rendered(event("vrrp.protocol_error", Map.of("instance", "a", "vrid", 61L, "interface", "eth1",
            "family", "ipv4", "reason", "TTL_NOT_255", "count", 4L))))
            .containsExactly("1.3.6.1.2.1.1.3.0 = 0:00:42.00", "1.3.6.1.6.3.1.1.4.1.0 = 1.3.6.1.2.1.207.0.2",
                "1.3.6.1.2.1.207.1.2.5.1.6.3.61.1 = 1");
        assertThat(rendered(event("vrrp.protocol_error", Map.of("vrid", 9L, "interface", "gone", "family", "ipv6",
            "reason", "VRID_NOT_CONFIGURED")))).last().isEqualTo("1.3.6.1.2.1.207.1.2.5.1.6.0.9.2 = 4");
    }

    @Test
    void onlyTransitionsToMasterProtocolErrorsAndTestsNotify() {
        assertThat(SnmpNotifications.notifies(toMaster("192.0.2.1", "started"))).isTrue();
        assertThat(SnmpNotifications.notifies(event("vrrp.transition", Map.of("to", "BACKUP")))).isFalse();
        assertThat(SnmpNotifications.notifies(event("vrrp.protocol_error", Map.of()))).isTrue();
        assertThat(SnmpNotifications.notifies(event("notify.test", Map.of("token", "t")))).isTrue();
        assertThat(SnmpNotifications.notifies(event("vrrp.priority", Map.of()))).isFalse();
        assertThatThrownBy(() -> SnmpNotifications.of(event("vrrp.priority", Map.of()), 0, n -> 0))
            .hasMessageContaining("vrrp.priority makes no SNMP notification");
    }
}
