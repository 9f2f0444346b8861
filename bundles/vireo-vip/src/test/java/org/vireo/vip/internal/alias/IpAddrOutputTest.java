package org.vireo.vip.internal.alias;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;

import org.junit.jupiter.api.Test;

class IpAddrOutputTest {

    @Test
    void readsEveryIpv4AndIpv6AddressOfTheInterface() throws Exception {
        String output = ""
            + "2: eth0    inet 10.77.0.11/24 brd 10.77.0.255 scope global eth0\\       valid_lft forever preferred_lft forever\n"
            + "2: eth0    inet 10.77.0.1/32 scope global eth0\\       valid_lft forever preferred_lft forever\n"
            + "2: eth0    inet6 fd77::11/64 scope global \\       valid_lft forever preferred_lft forever\n"
            + "2: eth0    inet6 fe80::77:ff:fe00:b/64 scope link \\       valid_lft forever preferred_lft forever\n";

        assertThat(IpAddrOutput.addresses(output)).containsExactly(InetAddress.getByName("10.77.0.11"),
            InetAddress.getByName("10.77.0.1"), InetAddress.getByName("fd77::11"),
            InetAddress.getByName("fe80::77:ff:fe00:b"));
    }

    /** Lines as iproute2 6.1 prints them while DAD runs and after it failed (seen in the lab). */
    @Test
    void readsDuplicateAddressDetectionsFlags() throws Exception {
        String output = ""
            + "2: eth0    inet6 fd77::100/64 scope global nodad \\       valid_lft forever preferred_lft forever\n"
            + "2: eth0    inet6 fe80::99/64 scope link tentative \\       valid_lft forever preferred_lft forever\n"
            + "2: eth0    inet6 fe80::77:ff:fe00:c/64 scope link dadfailed tentative \\       valid_lft forever"
            + " preferred_lft forever\n";

        assertThat(IpAddrOutput.entries(output)).containsExactly(
            new IpAddrOutput.Entry(InetAddress.getByName("fd77::100"), false, false),
            new IpAddrOutput.Entry(InetAddress.getByName("fe80::99"), true, false),
            new IpAddrOutput.Entry(InetAddress.getByName("fe80::77:ff:fe00:c"), true, true));
        assertThat(IpAddrOutput.entries(output)).extracting(IpAddrOutput.Entry::usable).containsExactly(true, false,
            false);
    }

    @Test
    void anInterfaceWithoutAddressesHasNone() {
        assertThat(IpAddrOutput.addresses("")).isEmpty();
    }
}
