package org.vireo.vrrp.internal.syncgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.config.testing.MetatypeAgreement;

class SyncGroupOptionsTest {

    @Test
    void aGroupNamesTwoOrMoreInstances() {
        assertThat(SyncGroupOptions.parse(Map.of("name", "dual", "instances", "v4, v6")))
            .isEqualTo(new SyncGroupOptions("dual", List.of("v4", "v6")));
        assertThat(SyncGroupOptions.parse(Map.of("name", "dual", "instances", new String[] {"v4", "v6", "out"}))
            .instances()).containsExactly("v4", "v6", "out");
    }

    @Test
    void everyBadKeyIsNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> SyncGroupOptions.parse(Map.of("name", "dual group", "instances", "v4,v4,b@d")))
            .hasMessageStartingWith("configuration org.vireo.vrrp.syncgroup 'dual group' refused: ")
            .hasMessageContaining("name = 'dual group': expected 1-32 letters, digits, '.', '_' or '-'")
            .hasMessageContaining("instances holds 'v4' twice")
            .hasMessageContaining("instances holds 'b@d': expected instance names")
            .hasMessageContaining("instances has 1 instance names: a group has 2-16");
        assertThatThrownBy(() -> SyncGroupOptions.parse(Map.of("name", "dual", "instances", "v4,v6", "instance", "x")))
            .hasMessageContaining("instance");
    }

    @Test
    void anInstanceIsInOneGroupAtMost_andAGroupNameIsUnique() {
        SyncGroups groups = new SyncGroups();
        groups.define("pid-a", new SyncGroupOptions("dual", List.of("v4", "v6")));
        assertThatThrownBy(() -> groups.define("pid-b", new SyncGroupOptions("legs", List.of("inside", "v6"))))
            .hasMessage("configuration org.vireo.vrrp.syncgroup 'legs' refused: instance v6 is in sync group dual"
                + " already: an instance is in one group at most");
        assertThatThrownBy(() -> groups.define("pid-b", new SyncGroupOptions("dual", List.of("inside", "outside"))))
            .hasMessageContaining("name 'dual' is taken by another group (pid-a)");
        // the same PID may change its own group
        groups.define("pid-a", new SyncGroupOptions("dual", List.of("v4", "v6", "out")));
        assertThat(groups.groupOf("out")).map(SyncGroupOptions::name).hasValue("dual");
        assertThat(groups.groupOf("inside")).isEmpty();
    }

    @Test
    void metatypeParseAndDocsAgree() {
        assertThat(MetatypeAgreement.of(SyncGroupOptions.FACTORY_PID, SyncGroupConfig.class, SyncGroupOptions::parse)
            .with("name", "dual").with("instances", "v4,v6")
            .documented(Path.of("../../docs/configuration.md")).disagreements()).isEmpty();
    }
}
