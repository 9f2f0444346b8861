package org.vireo.balancer.internal.share;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.vip.VipManager;

class LoopbackVipsTest {

    /** Addresses per interface, as the kernel keeps them; can be told to refuse (no CAP_NET_ADMIN). */
    private static final class Interfaces implements VipManager {
        final Map<String, Set<InetAddress>> addresses = new HashMap<>();
        boolean refuse;

        @Override
        public void claim(String interfaceName, List<InetAddress> vips) throws IOException {
            if (refuse) {
                throw new IOException("adding " + vips.get(0).getHostAddress() + " to " + interfaceName
                    + ": Operation not permitted");
            }
            addresses.computeIfAbsent(interfaceName, k -> new LinkedHashSet<>()).addAll(vips);
        }

        @Override
        public void release(String interfaceName, List<InetAddress> vips) {
            addresses.getOrDefault(interfaceName, new LinkedHashSet<>()).removeAll(vips);
        }

        @Override
        public List<InetAddress> addresses(String interfaceName) {
            return new ArrayList<>(addresses.getOrDefault(interfaceName, Set.of()));
        }
    }

    @TempDir
    Path procSysNet;

    private Path sysctl(String iface, String key, String value) throws IOException {
        Path p = procSysNet.resolve("ipv4/conf").resolve(iface).resolve(key);
        Files.createDirectories(p.getParent());
        Files.writeString(p, value + "\n");
        return p;
    }

    @Test
    void aSharedVipGoesOnLoWithArpSettingsOnItsInterfaceAndEverythingGoesBackAfter() throws Exception {
        Path ignore = sysctl("eth1", "arp_ignore", "0");
        Path announce = sysctl("eth1", "arp_announce", "0");
        Interfaces ifs = new Interfaces();
        LoopbackVips lo = new LoopbackVips(procSysNet);
        InetAddress vip = InetAddress.getByName("10.77.0.51");

        lo.reconcile(Map.of(vip, "eth1"), ifs);

        assertThat(ifs.addresses("lo")).containsExactly(vip);
        assertThat(Files.readString(ignore)).isEqualTo("1");
        assertThat(Files.readString(announce)).isEqualTo("2");
        assertThat(lo.problems()).isEmpty();

        lo.reconcile(Map.of(vip, "eth1"), ifs); // nothing changes twice
        assertThat(ifs.addresses("lo")).containsExactly(vip);

        lo.release(ifs);
        assertThat(ifs.addresses("lo")).isEmpty();
        assertThat(Files.readString(ignore)).isEqualTo("0");
        assertThat(Files.readString(announce)).isEqualTo("0");
    }

    @Test
    void onlyTheVipsItAddedAreTakenOffAndARefusalIsAProblemNamingTheCapability() throws Exception {
        sysctl("eth1", "arp_ignore", "1");
        sysctl("eth1", "arp_announce", "2");
        Interfaces ifs = new Interfaces();
        InetAddress operators = InetAddress.getByName("127.0.0.9");
        ifs.addresses.put("lo", new LinkedHashSet<>(List.of(operators)));
        LoopbackVips lo = new LoopbackVips(procSysNet);
        InetAddress a = InetAddress.getByName("10.77.0.51");
        InetAddress b = InetAddress.getByName("10.77.0.52");

        lo.reconcile(Map.of(a, "eth1", b, "eth1"), ifs);
        lo.reconcile(Map.of(b, "eth1"), ifs);
        assertThat(ifs.addresses("lo")).containsExactlyInAnyOrder(operators, b);

        ifs.refuse = true;
        lo.reconcile(Map.of(a, "eth1", b, "eth1"), ifs);
        assertThat(lo.problems()).singleElement().asString()
            .contains("cannot change the VIPs on lo").contains("Operation not permitted").contains("CAP_NET_ADMIN");
        ifs.refuse = false;
        lo.reconcile(Map.of(a, "eth1", b, "eth1"), ifs); // retried at the next round
        assertThat(lo.problems()).isEmpty();
        assertThat(lo.held()).containsExactlyInAnyOrder(a, b);
    }

    @Test
    void withoutTheVipManagerSharingIsAProblemNotASilentNoOp() throws Exception {
        LoopbackVips lo = new LoopbackVips(procSysNet);
        lo.reconcile(Map.of(InetAddress.getByName("10.77.0.51"), "eth1"), null);
        assertThat(lo.problems()).singleElement().asString().contains("feature vireo-vip");
    }
}
