package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.settings.internal.SrvSettingsValidator;

/**
 * Fuzz target of {@link DnsOptions#parse} as config sync's validator meets it: the content of
 * {@code pid:org.vireo.srv.dns} from a peer (the shared invariants: {@link ReplicatedDocumentFuzzing}); the node-local
 * key is refused there. An accepted configuration has a zone when enabled (lower case, absolute), services that are
 * one DNS label each, TTLs and priorities in range, and no bind address. Seeds: the shipped etc/org.vireo.srv.dns.cfg
 * and the example of docs/srv.md.
 */
class DnsOptionsFuzzTest {

    @FuzzTest
    void aDnsResponderParsesOrIsRefusedWithABoundedMessage(byte[] input) {
        ReplicatedDocumentFuzzing.check("pid:" + DnsOptions.PID, input, new SrvSettingsValidator(), DnsOptions::parse)
            .ifPresent(o -> {
                assertThat(o.port()).isBetween(1, 65_535);
                assertThat(!o.enabled() || o.zone().endsWith(".")).isTrue();
                assertThat(o.zone()).isLowerCase();
                assertThat(o.services()).allMatch(s -> DnsOptions.SERVICE_LABEL.matcher(s).matches());
                assertThat(o.ttl()).isBetween(1, 3600);
                assertThat(o.rolePriorities().keySet()).isSubsetOf(DnsOptions.ROLES);
                assertThat(o.rolePriorities().values()).allMatch(p -> p >= 0 && p <= 65_535);
                assertThat(o.maxUdpPayload()).isBetween(512, 4096);
                assertThat(o.bindAddresses()).isEmpty();
            });
    }
}
