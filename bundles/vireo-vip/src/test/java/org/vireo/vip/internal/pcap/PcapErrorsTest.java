package org.vireo.vip.internal.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PcapErrorsTest {

    @Test
    void aMissingPrivilegeSaysWhichCapabilitiesAndHowToGrantThem() {
        String m = PcapErrors.openFailed("eth0",
            new RuntimeException("eth0: You don't have permission to capture on that device (socket: Operation not"
                + " permitted)")).getMessage();
        assertThat(m).contains("no permission to capture on eth0").contains("CAP_NET_RAW").contains("setcap");
    }

    @Test
    void aMissingLibpcapSaysWhatToInstall() {
        String m = PcapErrors.openFailed("eth0", new UnsatisfiedLinkError("Unable to load library 'pcap'")).getMessage();
        assertThat(m).contains("libpcap is not installed").contains("libpcap0.8");
    }

    @Test
    void anInterfaceThatDoesNotExistNamesTheInterfacesThereAre() {
        String m = PcapErrors.unusable("nosuch0");
        assertThat(m).startsWith("no interface nosuch0 on this node (it has: ").contains("lo");
        assertThat(PcapErrors.unusable("lo")).isNull();
    }

    @Test
    void anIpv6InstanceOnAnInterfaceWithIpv6DisabledIsToldSoAndHowToEnableIt(@TempDir Path sysctl) throws Exception {
        writeFlag(sysctl, "eth0", "1\n");
        writeFlag(sysctl, "eth1", "0\n");
        writeFlag(sysctl, "eth0.100", "1\n");

        assertThat(PcapErrors.ipv6Unusable(sysctl, "eth0")).isEqualTo("IPv6 is disabled on eth0"
            + " (net.ipv6.conf.eth0.disable_ipv6 = 1): an IPv6 instance needs it; enable it (sysctl -w"
            + " net.ipv6.conf.eth0.disable_ipv6=0, and in /etc/sysctl.d to keep it) or use addressFamily = ipv4");
        assertThat(PcapErrors.ipv6Unusable(sysctl, "eth1")).isNull();
        assertThat(PcapErrors.ipv6Unusable(sysctl, "eth0.100")).contains("net.ipv6.conf.eth0/100.disable_ipv6 = 1");
        assertThat(PcapErrors.ipv6Unusable(sysctl, "nosuch0")).as("the interface check names that one").isNull();
    }

    @Test
    void aKernelWithoutIpv6IsNamedAsSuch(@TempDir Path dir) {
        assertThat(PcapErrors.ipv6Unusable(dir.resolve("ipv6"), "eth0"))
            .startsWith("IPv6 is disabled on this node (the kernel has no IPv6");
    }

    private static void writeFlag(Path sysctl, String interfaceName, String value) throws Exception {
        Path dir = Files.createDirectories(sysctl.resolve("conf").resolve(interfaceName));
        Files.writeString(dir.resolve("disable_ipv6"), value);
    }
}
