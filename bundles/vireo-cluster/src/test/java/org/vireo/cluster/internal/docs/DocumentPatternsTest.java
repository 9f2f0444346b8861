package org.vireo.cluster.internal.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class DocumentPatternsTest {

    private final DocumentPatterns patterns = new DocumentPatterns(
        List.of("org.vireo.balancer", "org.vireo.health.monitor~*", "org.vireo.*"),
        List.of("vireo/rules.conf", "vireo/*.txt", "vireo/lists/*.txt"));

    @Test
    void pidGlobsSelectClusterWideConfigurations() {
        assertThat(patterns.replicated("pid:org.vireo.balancer")).isTrue();
        assertThat(patterns.replicated("pid:org.vireo.health.monitor~web")).isTrue();
        assertThat(patterns.replicated("pid:org.apache.karaf.shell")).isFalse();
    }

    @Test
    void nodeLocalConfigurationsAreNeverReplicatedWhateverThePatterns() {
        assertThat(patterns.replicated("pid:org.vireo.node")).isFalse();
        assertThat(patterns.replicated("pid:org.vireo.cluster")).isFalse();
        assertThat(patterns.replicated("pid:org.vireo.vrrp.instance~vip1")).isFalse();
        assertThat(patterns.replicated("pid:org.vireo.vip")).isFalse();
        assertThat(patterns.replicated("pid:org.vireo.health.track~web")).isFalse();
        assertThat(patterns.replicated("pid:org.vireo.balancer.local")).isFalse();
        assertThat(patterns.replicated("pid:org.vireo.srv")).isFalse();
        assertThat(patterns.replicated("pid:org.vireo.srv.redirect.local")).isFalse();
        assertThat(patterns.replicated("pid:org.vireo.srv.redirect")).as("cluster-wide").isTrue();
        assertThat(patterns.replicated("pid:org.vireo.srv.dns.local")).isFalse();
    }

    @Test
    void fileGlobsSelectPolicyFilesUnderEtcButNeverCfgFilesOrPathsOutOfIt() {
        assertThat(patterns.replicated("file:vireo/rules.conf")).isTrue();
        assertThat(patterns.replicated("file:vireo/ads.txt")).isTrue();
        assertThat(patterns.replicated("file:vireo/lists/adult.txt")).isTrue();
        assertThat(patterns.replicated("file:vireo/lists/deeper/x.txt")).isFalse();
        assertThat(patterns.replicated("file:vireo/../users.properties")).isFalse();
        assertThat(patterns.replicated("file:org.vireo.node.cfg")).isFalse();
        assertThat(patterns.replicated("file:vireo/.rules.conf123.vireo-tmp")).isFalse();
        assertThat(patterns.fileFolders()).containsExactly("vireo", "vireo/lists");
    }

    @Test
    void aPidThatCouldSpellAPathOrAFilterIsNeverReplicated() {
        assertThat(patterns.replicated("pid:org.vireo.health.monitor~../../bin/x")).isFalse();
        assertThat(patterns.replicated("pid:org.vireo.health.monitor~a*")).isFalse();
        assertThat(patterns.replicated("pid:org.vireo.health.monitor~a)(b")).isFalse();
        assertThat(ConfigAdminDocuments.pidFilter("a*b(c)\\d")).isEqualTo("(service.pid=a\\*b\\(c\\)\\\\d)");
    }
}
