package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.settings.internal.SrvSettingsValidator;

/**
 * Fuzz target of {@link RedirectOptions#parse} as config sync's validator meets it: the content of
 * {@code pid:org.vireo.srv.redirect} from a peer (the shared invariants: {@link ReplicatedDocumentFuzzing}); the
 * node-local keys are refused there. An accepted configuration has a port, an absolute path, a service name a
 * client may ask for, a margin of 0-1, and no node-local part. Seeds: the shipped etc/org.vireo.srv.redirect.cfg
 * and the examples of docs/srv.md, as config sync encodes them.
 */
class RedirectOptionsFuzzTest {

    @FuzzTest
    void aRedirectBalancerParsesOrIsRefusedWithABoundedMessage(byte[] input) {
        ReplicatedDocumentFuzzing.check("pid:" + RedirectOptions.PID, input, new SrvSettingsValidator(),
            RedirectOptions::parse).ifPresent(o -> {
                assertThat(o.port()).isBetween(1, 65_535);
                assertThat(o.path()).startsWith("/");
                assertThat(RedirectOptions.SERVICE_NAME.matcher(o.service()).matches()).isTrue();
                assertThat(o.margin()).isBetween(0.0, 1.0);
                assertThat(o.connectionsAtFullLoad()).isPositive();
                assertThat(o.bindAddress()).isEmpty();
                assertThat(o.keystore()).isEmpty();
            });
    }
}
