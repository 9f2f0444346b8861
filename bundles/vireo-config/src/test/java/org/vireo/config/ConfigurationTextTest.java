package org.vireo.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;

import org.junit.jupiter.api.Test;

class ConfigurationTextTest {

    @Test
    void propertiesBecomeSortedTextWithoutBookkeepingAndReadBack() {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("service.pid", "org.vireo.balancer");
        p.put("felix.fileinstall.filename", "file:/opt/vireo/etc/org.vireo.balancer.cfg");
        p.put("zeta", 5);
        p.put("alpha", "a = b\nc\\d");
        p.put("list", new String[] {"x, y", "z"});

        byte[] text = ConfigurationText.encode(p);
        Dictionary<String, Object> back = ConfigurationText.decode(text);

        assertThat(new String(text, StandardCharsets.UTF_8))
            .isEqualTo("alpha = a = b\\nc\\\\d\nlist[] = x\\, y, z\nzeta = 5\n");
        assertThat(back.get("alpha")).isEqualTo("a = b\nc\\d");
        assertThat(back.get("zeta")).isEqualTo("5");
        assertThat((String[]) back.get("list")).containsExactly("x, y", "z");
        assertThat(back.get("service.pid")).isNull();
        assertThat(ConfigurationText.encode(back)).isEqualTo(text);
    }

    @Test
    void aCollectionAndAnArrayOfTheSameItemsAreTheSameContent() {
        Hashtable<String, Object> a = new Hashtable<>();
        a.put("k", List.of("1", "2"));
        Hashtable<String, Object> b = new Hashtable<>();
        b.put("k", new Integer[] {1, 2});

        assertThat(ConfigurationText.encode(a)).isEqualTo(ConfigurationText.encode(b));
    }

    @Test
    void aLineWithoutSeparatorIsRefusedNamingIt() {
        assertThatThrownBy(() -> ConfigurationText.decode("a = 1\nbroken\n".getBytes(StandardCharsets.UTF_8)))
            .hasMessageContaining("line 2").hasMessageContaining("'broken'").hasMessageContaining("key = value");
    }
}
