package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.settings.internal.MonitorValidator;

/**
 * Fuzz target of {@link MonitorOptions#parse} as config sync's validator meets it: the content of
 * {@code pid:org.vireo.health.monitor~fuzz} from a peer (the shared invariants: {@link ReplicatedDocumentFuzzing}).
 * An accepted monitor has a type and only that type's target, checks that do not overlap (timeout at most the
 * interval), and what {@link MonitorOptions#settings} shows of it parses back to the same monitor. Seeds: the
 * examples of docs/health.md, as config sync encodes them.
 */
class MonitorOptionsFuzzTest {

    @FuzzTest
    void aMonitorParsesOrIsRefusedWithABoundedMessage_andWhatItShowsParsesBack(byte[] input) {
        ReplicatedDocumentFuzzing.check("pid:" + MonitorOptions.FACTORY_PID + "~fuzz", input, new MonitorValidator(),
            MonitorOptions::parse).ifPresent(o -> {
                assertThat(o.type()).isNotNull();
                assertThat(o.timeoutMillis()).isLessThanOrEqualTo(o.intervalMillis());
                assertThat(o.port() == 0).isEqualTo(o.type() != MonitorType.TCP);
                assertThat(o.command().isEmpty()).isEqualTo(o.type() != MonitorType.COMMAND);
                assertThat(MonitorOptions.parse(new HashMap<>(o.settings()))).isEqualTo(o);
            });
    }
}
