package org.vireo.events.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.osgi.service.event.Event;

class EventFieldsTest {

    @Test
    void theTypeIsThePartAndTheEventOfTheTopic_inLowerCase() {
        assertThat(EventFields.type("org/vireo/vrrp/TRANSITION")).isEqualTo("vrrp.transition");
        assertThat(EventFields.type("org/vireo/cluster/MEMBER_JOINED")).isEqualTo("cluster.member_joined");
    }

    @Test
    void whatEventAdminAddsIsLeftOut_theShellUsersSubjectToo() {
        javax.security.auth.Subject subject = new javax.security.auth.Subject();
        subject.getPrincipals().add(() -> "admin");
        Map<String, Object> p = new HashMap<>(Map.of("instance", "a", "subject", subject,
            "event.topics", "org/vireo/vrrp/PRIORITY", "timestamp", 1L));

        assertThat(EventFields.of(new Event("org/vireo/vrrp/PRIORITY", p))).containsOnlyKeys("instance");
    }

    @Test
    void valuesBecomeSimpleAndBounded() throws Exception {
        Map<String, Object> p = new HashMap<>();
        p.put("count", 3);
        p.put("big", 5_000_000_000L);
        p.put("ratio", 0.5f);
        p.put("nan", Double.NaN);
        p.put("up", true);
        p.put("peer", InetAddress.getByName("192.0.2.1"));
        p.put("text", "x".repeat(1000) + "\n");
        p.put("line", "a\nb");

        Map<String, Object> f = EventFields.of(new Event("org/vireo/test/T", p));

        assertThat(f).containsEntry("count", 3L).containsEntry("big", 5_000_000_000L).containsEntry("ratio", 0.5)
            .containsEntry("nan", "NaN").containsEntry("up", true).containsEntry("peer", "/192.0.2.1")
            .containsEntry("line", "a\\u000ab");
        assertThat((String) f.get("text")).hasSize(EventFields.MAX_TEXT + 3).endsWith("...");
    }

    @Test
    void whatEventAdminAddsAndTheReservedNamesAreLeftOut_andTheFieldsAreBounded() {
        Map<String, Object> p = new HashMap<>();
        for (int i = 0; i < 50; i++) {
            p.put(String.format("f%02d", i), i);
        }
        p.put("seq", 99);
        p.put("node", "other");
        p.put("timestamp", 1796395164345L); // Felix's EventAdmin adds it

        Map<String, Object> f = EventFields.of(new Event("org/vireo/test/T", p));

        assertThat(f).hasSize(EventFields.MAX_FIELDS).containsKey("f00").containsKey("f31").doesNotContainKey("f32")
            .doesNotContainKeys("seq", "node", "event.topics", "timestamp");
    }
}
