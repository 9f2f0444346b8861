package org.vireo.scanner.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.vireo.scanner.LoadReport;
import org.vireo.scanner.LoadSample;
import org.vireo.testkit.ShellOutput;

class LoadCommandTest {

    private static String show(LoadSample sample) throws Exception {
        LoadCommand command = new LoadCommand();
        command.load = new LoadReport() {
            @Override
            public LoadSample current() {
                return sample;
            }

            @Override
            public AutoCloseable watch(Consumer<LoadSample> listener) {
                throw new UnsupportedOperationException("the command only reads the latest sample");
            }
        };
        return ShellOutput.of(command::execute);
    }

    @Test
    void showsTheLatestSampleInReadableUnits() throws Exception {
        String output = show(new LoadSample(Instant.parse("2026-11-30T03:00:00Z"), 0.255, 0.5, 512L << 20, 2048L << 20,
            6L << 30, 16L << 30, 42, 350));

        assertThat(output).containsPattern("Measured at +\\| +2026-11-30T03:00:00Z")
            .containsPattern("Process CPU +\\| +25.5 %")
            .containsPattern("System CPU +\\| +50.0 %")
            .containsPattern("Heap +\\| +512.0 MiB of 2048.0 MiB")
            .containsPattern("Memory +\\| +6144.0 MiB of 16384.0 MiB")
            .containsPattern("Active connections +\\| +42")
            .containsPattern("Requests last second +\\| +350");
    }

    @Test
    void figuresThePlatformDoesNotGiveAreShownAsUnknown() throws Exception {
        String output = show(new LoadSample(Instant.parse("2026-11-30T03:00:00Z"), -1, -1, 512L << 20, 2048L << 20,
            -1, -1, 0, 0));

        assertThat(output).containsPattern("Process CPU +\\| +unknown").containsPattern("System CPU +\\| +unknown")
            .containsPattern("Memory +\\| +unknown");
    }
}
