package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;

/** The DS component, built with new and activated as Service Component Runtime would, on refused configurations. */
class InstanceComponentTest {

    /** What file install hands over for 4 KB of binary garbage in etc/org.vireo.vrrp.instance-vi_1.cfg. */
    static Map<String, Object> garbled() {
        Map<String, Object> m = new HashMap<>(Map.of("service.pid", "org.vireo.vrrp.instance~vi_1",
            "service.factoryPid", "org.vireo.vrrp.instance",
            "felix.fileinstall.filename", "file:/opt/vireo/etc/org.vireo.vrrp.instance-vi_1.cfg"));
        Random random = new Random(7);
        for (int i = 0; i < 60; i++) {
            byte[] key = new byte[40];
            random.nextBytes(key);
            m.put(new String(key, StandardCharsets.ISO_8859_1), "\u0000");
        }
        return m;
    }

    @Test
    void givenAGarbledConfigurationAtTheStart_thenTheInstanceIsListedAsAFaultWithTheReason_andNeverRuns() {
        InstanceComponent component = new InstanceComponent(); // no node, no transport: nothing may be reached

        component.activate(garbled());

        assertThat(component.refused()).isTrue();
        assertThat(component.name()).isEqualTo("vi_1");
        assertThat(component.state()).isEqualTo(VrrpState.FAULT);
        assertThat(component.fault()).hasValueSatisfying(f -> assertThat(f)
            .startsWith("configuration org.vireo.vrrp.instance refused: none of its 60 keys is one it reads")
            .endsWith("; the instance does not run until its configuration is fixed"));
        assertThat(component.virtualAddresses()).isEmpty();
        assertThat(component.effectivePriority()).isZero();
        assertThatIllegalStateException().isThrownBy(() -> component.overridePriority(Optional.of(10)))
            .withMessageStartingWith("VRRP instance 'vi_1' does not run: configuration org.vireo.vrrp.instance refused");
        component.deactivate();
    }

    @Test
    void givenAMistypedKeyAtTheStart_thenTheRefusalNamesIt_andTheInstanceKeepsItsConfiguredName() {
        InstanceComponent component = new InstanceComponent();

        component.activate(Map.of("service.pid", "org.vireo.vrrp.instance~a", "name", "vi_2", "vrid", "52",
            "interfaceName", "eth1", "virtualAddresses", "10.0.0.52", "prority", "150"));

        assertThat(component.name()).isEqualTo("vi_2");
        assertThat(component.vrid()).isEqualTo(52);
        assertThat(component.interfaceName()).isEqualTo("eth1");
        assertThat(component.fault()).hasValueSatisfying(f -> assertThat(f)
            .contains("unknown key 'prority' (did you mean priority?)"));
    }
}
