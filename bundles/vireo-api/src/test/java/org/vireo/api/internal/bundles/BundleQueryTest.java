package org.vireo.api.internal.bundles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class BundleQueryTest {

    private static final BundleView VRRP = new BundleView(61, "org.vireo.vireo-vrrp", "0.1.0.SNAPSHOT", "ACTIVE", 80,
        true);
    private static final BundleView JETTY = new BundleView(40, "org.eclipse.jetty.server", "9.4.58", "ACTIVE", 30,
        false);
    private static final BundleView EPOLL = new BundleView(55, "io.netty.transport-native-epoll", "4.2.18", "RESOLVED",
        80, false);
    private static final List<BundleView> ALL = List.of(JETTY, EPOLL, VRRP);

    @Test
    void withoutAFilterEveryBundleIsShown() {
        assertThat(ALL.stream().filter(BundleQuery.parse(null, "", null))).containsExactlyElementsOf(ALL);
    }

    @Test
    void eachPartNarrowsTheList() {
        assertThat(ALL.stream().filter(BundleQuery.parse("true", null, null))).containsExactly(VRRP);
        assertThat(ALL.stream().filter(BundleQuery.parse("FALSE", null, null))).containsExactly(JETTY, EPOLL);
        assertThat(ALL.stream().filter(BundleQuery.parse(null, "resolved", null))).containsExactly(EPOLL);
        assertThat(ALL.stream().filter(BundleQuery.parse(null, null, "Jetty"))).containsExactly(JETTY);
        assertThat(ALL.stream().filter(BundleQuery.parse("false", "active", "netty"))).isEmpty();
    }

    @Test
    void aValueItDoesNotTakeIsRefused_sayingWhatWould() {
        assertThatThrownBy(() -> BundleQuery.parse("yes", null, null))
            .hasMessage("vireo = 'yes': expected true (Vireo's own bundles) or false (the others)");
        assertThatThrownBy(() -> BundleQuery.parse(null, "running", null)).hasMessage("state = 'running': expected"
            + " one of installed, resolved, starting, stopping, active, uninstalled");
        assertThatThrownBy(() -> BundleQuery.parse(null, null, "x".repeat(201)))
            .hasMessageEndingWith("expected a part of a symbolic name, at most 200 characters");
    }
}
