package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.LOCAL;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.config;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.ip;

import org.junit.jupiter.api.Test;

class FsmConfigTest {

    @Test
    void defaultsFollowTheRfc() {
        FsmConfig c = FsmConfig.builder(1, LOCAL).build();
        assertThat(c.version()).isEqualTo(ProtocolVersion.V3);
        assertThat(c.basePriority()).isEqualTo(100);
        assertThat(c.advertIntervalCentis()).isEqualTo(100);
        assertThat(c.preempt()).isTrue();
        assertThat(c.preemptDelayMicros()).isZero();
        assertThat(c.acceptMode()).isFalse();
        assertThat(c.isAddressOwner()).isFalse();
        assertThat(c.advertIntervalMicros()).isEqualTo(1_000_000);
    }

    @Test
    void rejectsOutOfRangeValuesNamingFieldValueAndRange() {
        assertThatIllegalArgumentException().isThrownBy(() -> FsmConfig.builder(0, LOCAL).build())
                .withMessage("vrid = 0; accepted: 1..255");
        assertThatIllegalArgumentException().isThrownBy(() -> FsmConfig.builder(256, LOCAL).build())
                .withMessageContaining("vrid = 256");
        assertThatIllegalArgumentException().isThrownBy(() -> config().basePriority(0).build())
                .withMessage("basePriority = 0; accepted: 1..255 (255 = address owner)");
        assertThatIllegalArgumentException().isThrownBy(() -> config().advertIntervalCentis(4096).build())
                .withMessage("advertIntervalCentis = 4096; accepted: 1..4095 centiseconds for VRRPv3");
        assertThatIllegalArgumentException().isThrownBy(() -> config().preemptDelayMicros(-1).build())
                .withMessageContaining("preemptDelayMicros = -1; accepted: 0..");
        assertThatIllegalArgumentException().isThrownBy(() -> config().version(null).build())
                .withMessageContaining("version = null");
        assertThatIllegalArgumentException().isThrownBy(() -> FsmConfig.builder(1, null).build())
                .withMessageContaining("primaryAddress = null");
    }

    @Test
    void v2WantsWholeSecondsAndIpv4() {
        assertThat(config().version(ProtocolVersion.V2).advertIntervalCentis(200).build().advertIntervalCentis())
                .isEqualTo(200);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> config().version(ProtocolVersion.V2).advertIntervalCentis(150).build())
                .withMessageContaining("advertIntervalCentis = 150").withMessageContaining("100..25500");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> FsmConfig.builder(1, ip("fe80::1")).version(ProtocolVersion.V2).build())
                .withMessageContaining("primaryAddress = fe80").withMessageContaining("IPv4 only");
    }

    @Test
    void eventsValidateTheirFields() {
        assertThatIllegalArgumentException().isThrownBy(() -> new FsmEvent.PriorityChanged(256))
                .withMessageContaining("effectivePriority = 256");
        assertThatIllegalArgumentException().isThrownBy(() -> new FsmEvent.AdvertReceived(-1, 100, LOCAL))
                .withMessageContaining("priority = -1");
        assertThatIllegalArgumentException().isThrownBy(() -> new FsmEvent.AdvertReceived(100, 0, LOCAL))
                .withMessageContaining("maxAdverIntervalCentis = 0");
        assertThatIllegalArgumentException().isThrownBy(() -> new FsmEvent.AdvertReceived(100, 100, null))
                .withMessageContaining("sender = null");
        assertThatIllegalArgumentException().isThrownBy(() -> new FsmEvent.TimerFired(null))
                .withMessageContaining("which = null");
    }
}
