package org.vireo.balancer.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.vireo.config.ListeningPorts;
import org.vireo.config.internal.PortRegistry;
import org.vireo.settings.BalancerOptions;

/** The two PIDs as DS merges them: what each refusal keeps and what it refuses. */
class MergedOptionsTest {

    private final ListeningPorts ports = new PortRegistry();

    /** What DS hands over from etc/org.vireo.balancer.cfg and etc/org.vireo.balancer.local.cfg. */
    private static Map<String, Object> merged(Map<String, String> balancer, Map<String, String> local) {
        Map<String, Object> m = new HashMap<>(balancer);
        m.putAll(local);
        m.put("service.pid", List.of(BalancerOptions.PID, LocalOptions.PID));
        m.put("component.name", "org.vireo.balancer.internal.BalancerComponent");
        return m;
    }

    @Test
    void givenATableOfLoopbackAlone_thenTheFtpPortsAreLeftToThisNodesScanner() {
        MergedOptions allInOne = MergedOptions.parse(merged(Map.of("scanners", "127.0.0.1:3128", "httpPort", "9090",
            "ftpPassivePorts", "30000-30001"), Map.of("sharing", "")), ports);

        assertThat(allInOne.refusal()).isEmpty();
        assertThat(ports.held().get(MergedOptions.PORTS_OWNER)).extracting(ListeningPorts.Port::port)
            .containsExactly(9090);

        MergedOptions.parse(merged(Map.of("scanners", "127.0.0.1:3128, 10.0.0.21:3128", "httpPort", "9090",
            "ftpPassivePorts", "30000-30001"), Map.of("sharing", "")), ports);
        assertThat(ports.held().get(MergedOptions.PORTS_OWNER)).extracting(ListeningPorts.Port::port)
            .containsExactly(9090, 2121, 30000, 30001);
    }

    @Test
    void givenBothGood_thenBothAreAcceptedAndTheBalancersPortsClaimed() {
        MergedOptions o = MergedOptions.parse(merged(Map.of("scanners", "10.0.0.21:3128", "httpPort", "9090"),
            Map.of("sharing", "vi_1")), ports);

        assertThat(o.options()).hasValueSatisfying(b -> assertThat(b.scanners()).hasSize(1));
        assertThat(o.local()).hasValueSatisfying(l -> assertThat(l.shares("vi_1")).isTrue());
        assertThat(o.refusal()).isEmpty();
        assertThat(ports.held().get(MergedOptions.PORTS_OWNER)).extracting(ListeningPorts.Port::port)
            .containsExactly(9090, 2121);
    }

    @Test
    void givenAGarbledBalancerFile_thenBothAreRefused_notReadAsAnEmptyTable() {
        Map<String, String> garbage = new HashMap<>();
        Random random = new Random(7);
        for (int i = 0; i < 40; i++) {
            byte[] b = new byte[20];
            random.nextBytes(b);
            garbage.put(new String(b, StandardCharsets.ISO_8859_1), "x");
        }

        MergedOptions o = MergedOptions.parse(merged(garbage, Map.of("sharing", "")), ports);

        assertThat(o.options()).isEmpty();
        assertThat(o.local()).isEmpty();
        assertThat(o.refusal()).hasValueSatisfying(r -> assertThat(r)
            .startsWith("configuration org.vireo.balancer / org.vireo.balancer.local refused: org.vireo.balancer holds"
                + " none of its keys (an empty, truncated or garbled file?): expected keys such as scanners, httpPort,"
                + " ftpPort, boundFactor, affinityIdleSeconds; unknown key '")
            .endsWith("; and 31 more"));
    }

    @Test
    void givenAnEmptiedBalancerFile_thenItIsRefusedAsEmpty() {
        MergedOptions o = MergedOptions.parse(merged(Map.of(), Map.of("sharing", "")), ports);

        assertThat(o.options()).isEmpty();
        assertThat(o.refusal()).hasValueSatisfying(r -> assertThat(r).contains("org.vireo.balancer holds none of"
            + " its keys (an empty, truncated or garbled file?): expected keys such as scanners, httpPort"));
    }

    @Test
    void givenATypoInTheLocalFile_thenTheKeyIsNamed() {
        MergedOptions o = MergedOptions.parse(merged(Map.of("scanners", "10.0.0.21:3128"), Map.of("sharng", "vi_1")),
            ports);

        assertThat(o.localRefusal()).hasValueSatisfying(r -> assertThat(r)
            .endsWith("unknown key 'sharng' (did you mean sharing?)"));
    }

    @Test
    void givenTheScannersPort_thenTheBalancerPartIsRefusedNamingItsHolder_andTheLocalPartApplies() throws Exception {
        ports.claim("org.vireo.scanner.proxy", List.of(new ListeningPorts.Port("port",
            InetAddress.getByName("0.0.0.0"), 3128)));

        MergedOptions o = MergedOptions.parse(merged(Map.of("scanners", "127.0.0.1:3128", "httpPort", "3128"),
            Map.of("sharing", "vi_1")), ports);

        assertThat(o.options()).isEmpty();
        assertThat(o.refusal()).contains("configuration org.vireo.balancer refused: httpPort = 3128: port 3128 is"
            + " taken on this node by org.vireo.scanner.proxy (its port 3128 on 0.0.0.0)");
        assertThat(o.local()).isPresent();
    }
}
