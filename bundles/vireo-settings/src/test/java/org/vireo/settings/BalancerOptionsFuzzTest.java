package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.settings.internal.BalancerValidator;

/**
 * Fuzz target of {@link BalancerOptions#parse} as config sync's validator meets it: the content of
 * {@code pid:org.vireo.balancer} from a peer (the shared invariants: {@link ReplicatedDocumentFuzzing}). An accepted
 * table holds only what the docs promise: ports 1-65535, distinct scanners with weights 0-100, a transport the
 * balancer knows, bounds within their ranges. Seeds: the shipped etc/org.vireo.balancer.cfg and the examples of
 * docs/balancer.md, as config sync encodes them.
 */
class BalancerOptionsFuzzTest {

    @FuzzTest
    void aBalancerTableParsesOrIsRefusedWithABoundedMessage(byte[] input) {
        ReplicatedDocumentFuzzing.check("pid:" + BalancerOptions.PID, input, new BalancerValidator(),
            BalancerOptions::parse).ifPresent(o -> {
                assertThat(o.httpPort()).isBetween(1, 65_535);
                assertThat(o.ftpPort()).isBetween(0, 65_535).isNotEqualTo(o.httpPort());
                assertThat(o.scanners()).doesNotHaveDuplicates().allSatisfy(s -> {
                    assertThat(s.address().getPort()).isBetween(1, 65_535);
                    assertThat(s.weight()).isBetween(0.0, 100.0);
                });
                assertThat(o.scanners().stream().map(BalancerOptions.Scanner::id)).doesNotHaveDuplicates();
                assertThat(o.ftpPassivePorts()).hasSizeLessThanOrEqualTo(BalancerOptions.MAX_PASSIVE_PORTS)
                    .doesNotContain(o.httpPort(), o.ftpPort());
                assertThat(BalancerOptions.transport(o.transport())).contains(o.transport());
                assertThat(o.boundFactor()).isGreaterThan(1.0).isLessThanOrEqualTo(10.0);
                assertThat(o.zeroCopyBytes() == 0 || o.zeroCopyBytes() >= BalancerOptions.MIN_ZERO_COPY_BYTES)
                    .isTrue();
            });
    }
}
