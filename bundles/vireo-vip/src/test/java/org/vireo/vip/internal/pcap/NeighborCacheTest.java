package org.vireo.vip.internal.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.vireo.vip.internal.frame.MacAddress;

class NeighborCacheTest {

    @Test
    void readsTheLinkLayerAddressOfAUsableEntry() {
        assertThat(NeighborCache.parse("10.77.0.12 lladdr 02:77:00:00:00:0c REACHABLE\n"))
            .isEqualTo(MacAddress.parse("02:77:00:00:00:0c"));
        assertThat(NeighborCache.parse("fd77::12 lladdr 02:77:00:00:00:0c router STALE\n"))
            .isEqualTo(MacAddress.parse("02:77:00:00:00:0c"));
    }

    @Test
    void anUnresolvedOrMissingEntryHasNone() {
        assertThat(NeighborCache.parse("")).isNull();
        assertThat(NeighborCache.parse("10.77.0.12  FAILED\n")).isNull();
        assertThat(NeighborCache.parse("10.77.0.12  INCOMPLETE\n")).isNull();
    }
}
