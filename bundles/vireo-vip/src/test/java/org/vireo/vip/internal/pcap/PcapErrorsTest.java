package org.vireo.vip.internal.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
}
