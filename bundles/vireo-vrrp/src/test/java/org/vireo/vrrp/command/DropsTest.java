package org.vireo.vrrp.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpTransport;

class DropsTest {

    /** A transport that has counted {@code drops} and opens nothing. */
    private static VrrpTransport counted(Map<String, Map<DropReason, Long>> drops) {
        return new VrrpTransport() {
            @Override
            public Channel open(ChannelSpec spec, Receiver receiver) throws IOException {
                throw new IOException("not for opening");
            }

            @Override
            public Map<String, Map<DropReason, Long>> interfaceDrops() {
                return drops;
            }
        };
    }

    @Test
    void theDropsOfEveryTransportAddUpPerInterfaceInReceivePathOrder() {
        // given
        VrrpTransport pcap = counted(Map.of("eth0", Map.of(DropReason.UNKNOWN_VRID, 5L,
            DropReason.IP_HEADER_CHECKSUM, 2L)));
        VrrpTransport other = counted(Map.of("eth0", Map.of(DropReason.UNKNOWN_VRID, 1L), "eth1",
            Map.of(DropReason.TRUNCATED_FRAME, 3L)));

        // when
        Map<String, Map<DropReason, Long>> all = Drops.byInterface(List.of(pcap, other));

        // then
        assertThat(all).containsOnlyKeys("eth0", "eth1");
        assertThat(Drops.summary(all.get("eth0"))).isEqualTo("IP_HEADER_CHECKSUM 2, UNKNOWN_VRID 6");
        assertThat(Drops.total(all.get("eth0"))).isEqualTo(8);
        assertThat(Drops.summary(all.get("eth1"))).isEqualTo("TRUNCATED_FRAME 3");
    }

    @Test
    void noTransportMeansNoDrops() {
        assertThat(Drops.byInterface(null)).isEmpty();
        assertThat(Drops.summary(Map.of(DropReason.NOT_VRRP, 0L))).isEmpty();
    }
}
