package org.vireo.balancer.internal.forward;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.vireo.settings.BalancerOptions;

/** Which sockets the forwarder runs on, as this machine allows. */
class TransportTest {

    @Test
    void autoTakesTheFirstAvailableInOrderOfPreference() {
        Transport best = Arrays.stream(Transport.values()).filter(t -> t.unavailable().isEmpty()).findFirst()
            .orElseThrow();

        Transport.Choice auto = Transport.choose(Transport.AUTO);

        assertThat(auto.transport()).isEqualTo(best);
        assertThat(auto.fallback()).isEmpty();
    }

    @Test
    void aNamedTransportIsUsedWhenAvailableElseTheBestOneAndTheOperatorIsToldWhy() {
        for (Transport t : Transport.values()) {
            Transport.Choice c = Transport.choose(t.label());
            if (t.unavailable().isEmpty()) {
                assertThat(c.transport()).isEqualTo(t);
                assertThat(c.fallback()).isEmpty();
            } else {
                assertThat(c.transport()).isNotEqualTo(t);
                assertThat(c.fallback()).startsWith("transport = " + t.label() + " is not available here (")
                    .endsWith("): running on " + c.transport().label());
            }
        }
        assertThat(Transport.NIO.unavailable()).as("NIO is the last resort").isEmpty();
    }

    @Test
    void everyTransportCarriesANameTheConfigurationAccepts_inTheSameOrderOfPreference() {
        assertThat(Arrays.stream(Transport.values()).map(Transport::label).toList())
            .isEqualTo(BalancerOptions.TRANSPORTS);
    }
}
