package org.vireo.balancer.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

class LocalOptionsTest {

    @Test
    void bothAreOffByDefaultAndNameInstancesOrAll() {
        LocalOptions none = LocalOptions.parse(Map.of());
        assertThat(none.shares("vi_1")).isFalse();
        assertThat(none.sendsToMaster("vi_1")).isFalse();

        LocalOptions o = LocalOptions.parse(Map.of("sharing", "vi_1, vi_2", "sendToMaster", "*"));
        assertThat(o.shares("vi_1")).isTrue();
        assertThat(o.sendsToMaster("vi_1")).as("sharing wins where * also names it").isFalse();
        assertThat(o.sendsToMaster("vi_3")).isTrue();
    }

    @Test
    void anInstanceInBothAndABadNameAreRefused() {
        assertThatThrownBy(() -> LocalOptions.parse(Map.of("sharing", "vi_1, bad name!", "sendToMaster", "vi_1")))
            .hasMessageStartingWith("configuration org.vireo.balancer.local refused: ")
            .hasMessageContaining("sharing: 'bad name!': expected VRRP instance names")
            .hasMessageContaining("'vi_1' is in both sharing and sendToMaster");
    }
}
