package org.vireo.health.internal.track;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.health.TrackMode;

class TrackOptionsTest {

    @Test
    void aCfgFileWithCommaSeparatedListsIsRead() {
        TrackOptions o = TrackOptions.parse(Map.of("instance", "vip1", "mode", "progressive",
            "monitors", " web, db ,cache", "interfaces", "eth1, eth2:25", "interfaceWeight", "15"));

        assertThat(o.instance()).isEqualTo("vip1");
        assertThat(o.mode()).isEqualTo(TrackMode.PROGRESSIVE);
        assertThat(o.monitors()).containsExactly("web", "db", "cache");
        assertThat(o.interfaceWeights()).containsExactly(Map.entry("eth1", 15), Map.entry("eth2", 25));
        assertThat(o.interfaceCheckMillis()).isEqualTo(1000);
    }

    @Test
    void metatypeArraysAndDefaultsAreRead() {
        TrackOptions o = TrackOptions.parse(Map.of("instance", "vip1", "monitors", new String[] {"web", " db "},
            "interfaces", List.of("eth1"), "interfaceCheckMillis", 250));

        assertThat(o.mode()).isEqualTo(TrackMode.NONE);
        assertThat(o.monitors()).containsExactly("web", "db");
        assertThat(o.interfaceWeights()).containsExactly(Map.entry("eth1", 10));
        assertThat(o.interfaceCheckMillis()).isEqualTo(250);
    }

    @Test
    void everyBadValueIsNamedWithWhatIsAccepted() {
        assertThatIllegalArgumentException().isThrownBy(() -> TrackOptions.parse(Map.of("instance", "vip1",
                "mode", "most", "monitors", "web,web", "interfaces", "eth1:0, eth/2, eth3:x", "interfaceWeight", "300",
                "interfaceCheckMillis", "50")))
            .withMessageStartingWith("configuration org.vireo.health.track for instance 'vip1' refused: ")
            .withMessageContaining("mode = 'most': expected one of NONE, ALL, ONE, PROGRESSIVE")
            .withMessageContaining("monitors holds 'web' twice")
            .withMessageContaining("interfaces holds 'eth1:0': the weight after ':' must be 1-254")
            .withMessageContaining("interfaces holds 'eth/2': expected NAME or NAME:WEIGHT")
            .withMessageContaining("interfaces holds 'eth3:x'")
            .withMessageContaining("interfaceWeight = 300: expected 1-254")
            .withMessageContaining("interfaceCheckMillis = 50: expected 100-3600000");
    }

    @Test
    void anInstanceNameWithControlCharactersIsQuotedBoundedAndEscaped() {
        String name = "vip\u0000\n" + "x".repeat(5000);

        assertThatIllegalArgumentException().isThrownBy(() -> TrackOptions.parse(Map.of("instance", name)))
            .withMessageStartingWith("configuration org.vireo.health.track for instance 'vip\\u0000\\u000a"
                + "x".repeat(64 - 15) + "...' refused: ")
            .withMessageNotContaining("x".repeat(500))
            .withMessageNotContaining("\u0000").withMessageNotContaining("\n");
    }

    @Test
    void theInstanceIsRequired() {
        assertThatIllegalArgumentException().isThrownBy(() -> TrackOptions.parse(Map.of("mode", "ALL")))
            .withMessageContaining("instance is missing: expected the name of the VRRP instance");
    }

    @Test
    void aSecondTrackForTheSameInstanceIsRefusedNamingBoth() {
        TrackClaims claims = new TrackClaims();
        claims.claim("vip1", "org.vireo.health.track~a");
        claims.claim("vip1", "org.vireo.health.track~a"); // the same configuration again: fine

        assertThatIllegalArgumentException().isThrownBy(() -> claims.claim("vip1", "org.vireo.health.track~b"))
            .withMessageContaining("org.vireo.health.track~b").withMessageContaining("org.vireo.health.track~a")
            .withMessageContaining("'vip1'");
        claims.release("vip1", "org.vireo.health.track~a");
        claims.claim("vip1", "org.vireo.health.track~b");
    }
}
