package org.vireo.scanner.internal.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.scanner.LoadSample;

class LoadSamplerTest {

    private static final Instant NOW = Instant.parse("2026-11-30T03:00:00Z");

    /** Fixed figures; the proxy's and the machine's memory can be taken away. */
    private static final class FakeSources implements LoadSources {
        Optional<SystemMemory> memory = Optional.of(new SystemMemory(6_000_000_000L, 16_000_000_000L));
        Optional<ProxyTraffic> traffic = Optional.of(new ProxyTraffic(42, 350));
        double processCpu = 0.25;

        @Override
        public double processCpu() {
            return processCpu;
        }

        @Override
        public double systemCpu() {
            return 0.5;
        }

        @Override
        public long heapUsedBytes() {
            return 300_000_000L;
        }

        @Override
        public long heapMaxBytes() {
            return 1_000_000_000L;
        }

        @Override
        public Optional<SystemMemory> systemMemory() {
            return memory;
        }

        @Override
        public Optional<ProxyTraffic> proxyTraffic() {
            return traffic;
        }
    }

    private final FakeSources sources = new FakeSources();
    private final LoadSampler sampler = new LoadSampler(Clock.fixed(NOW, ZoneOffset.UTC), sources);

    @Test
    void aTickMeasuresEverySourceAndKeepsTheSample() {
        LoadSample sample = sampler.tick();

        assertThat(sample).isEqualTo(new LoadSample(NOW, 0.25, 0.5, 300_000_000L, 1_000_000_000L, 6_000_000_000L,
            16_000_000_000L, 42, 350));
        assertThat(sampler.latest()).isSameAs(sample);
    }

    @Test
    void withoutTheProxyConnectionsAndRequestsAreZero() {
        sources.traffic = Optional.empty();

        LoadSample sample = sampler.tick();

        assertThat(sample.activeConnections()).isZero();
        assertThat(sample.requestsPerSecond()).isZero();
        assertThat(sample.heapUsedBytes()).isEqualTo(300_000_000L);
    }

    @Test
    void unknownFiguresAreNegative() {
        sources.memory = Optional.empty();
        sources.processCpu = -1;

        LoadSample sample = sampler.tick();

        assertThat(sample.memoryUsedBytes()).isNegative();
        assertThat(sample.memoryTotalBytes()).isNegative();
        assertThat(sample.processCpu()).isNegative();
    }

    @Test
    void aThrowingListenerDoesNotStopTheOthers() {
        List<LoadSample> seen = new ArrayList<>();
        sampler.watch(sample -> {
            throw new IllegalStateException("listener broken");
        });
        sampler.watch(seen::add);

        LoadSample sample = sampler.tick();

        assertThat(seen).containsExactly(sample);
    }

    @Test
    void aClosedWatchIsNotCalledAgain() throws Exception {
        List<LoadSample> seen = new ArrayList<>();
        AutoCloseable handle = sampler.watch(seen::add);
        LoadSample first = sampler.tick();

        handle.close();
        sampler.tick();

        assertThat(seen).containsExactly(first);
    }
}
