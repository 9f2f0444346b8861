package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.ip;

import org.junit.jupiter.api.Test;

class AddressOrderTest {

    @Test
    void bytesCompareUnsigned() {
        assertThat(AddressOrder.compare(ip("10.0.0.200"), ip("10.0.0.5"))).isPositive();
        assertThat(AddressOrder.compare(ip("192.168.0.1"), ip("10.255.255.255"))).isPositive();
        assertThat(AddressOrder.compare(ip("10.0.0.5"), ip("10.0.0.5"))).isZero();
    }

    @Test
    void ipv6ComparesAllSixteenBytes() {
        assertThat(AddressOrder.compare(ip("fe80::1"), ip("fe80::ff"))).isNegative();
        assertThat(AddressOrder.compare(ip("fe80::8000:0"), ip("fe80::7fff:ffff"))).isPositive();
    }
}
