package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.health.CheckResult;
import org.vireo.health.internal.LinkState;

class LinkCheckTest {

    @TempDir
    Path sys;

    @Test
    void anInterfaceUpWithACarrierPasses() throws Exception {
        fakeInterface("eth1", "0x1003", "1", "up");

        CheckResult r = check("eth1");
        assertThat(r.success()).isTrue();
        assertThat(r.detail()).isEqualTo("eth1: up");
    }

    @Test
    void adminDownFails() throws Exception {
        fakeInterface("eth1", "0x1002", null, "down");

        assertThat(check("eth1")).extracting(CheckResult::success, CheckResult::detail)
            .containsExactly(false, "eth1: administratively down");
    }

    @Test
    void noCarrierFails() throws Exception {
        fakeInterface("eth1", "0x1003", "0", "down");

        assertThat(check("eth1")).extracting(CheckResult::success, CheckResult::detail)
            .containsExactly(false, "eth1: no carrier");
    }

    @Test
    void aCarrierWithALowerLayerDownFails() throws Exception {
        fakeInterface("vlan7", "0x1003", "1", "lowerlayerdown");

        assertThat(check("vlan7")).extracting(CheckResult::success, CheckResult::detail)
            .containsExactly(false, "vlan7: operationally lowerlayerdown");
    }

    @Test
    void anAbsentInterfaceFails() throws Exception {
        assertThat(check("eth9")).extracting(CheckResult::success, CheckResult::detail)
            .containsExactly(false, "eth9: no such interface");
    }

    @Test
    void theRealLoopbackIsUp() throws Exception {
        CheckResult r = new LinkCheck(LinkState.SYS_CLASS_NET, "lo").start().get(5, TimeUnit.SECONDS);

        assertThat(r.detail()).isEqualTo("lo: up");
        assertThat(r.success()).isTrue();
    }

    private CheckResult check(String iface) throws Exception {
        return new LinkCheck(sys, iface).start().get(5, TimeUnit.SECONDS);
    }

    private void fakeInterface(String name, String flags, String carrier, String operState) throws IOException {
        Path dir = Files.createDirectories(sys.resolve(name));
        Files.writeString(dir.resolve("flags"), flags + "\n");
        Files.writeString(dir.resolve("operstate"), operState + "\n");
        if (carrier != null) {
            Files.writeString(dir.resolve("carrier"), carrier + "\n");
        }
    }
}
