package org.vireo.scanner.internal.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemInfoTest {

    @Test
    void usedIsTotalMinusAvailableInBytes() {
        String meminfo = """
            MemTotal:       16333716 kB
            MemFree:          812340 kB
            MemAvailable:   10240000 kB
            Buffers:          204800 kB
            """;

        assertThat(MemInfo.parse(meminfo))
            .contains(new SystemMemory((16333716L - 10240000L) * 1024, 16333716L * 1024));
    }

    @Test
    void withoutMemAvailableTheMemoryIsUnknown() {
        assertThat(MemInfo.parse("MemTotal:       16333716 kB\nMemFree:          812340 kB\n")).isEmpty();
    }

    @Test
    void aLineThatIsNotANumberOfKibibytesMakesTheMemoryUnknown() {
        assertThat(MemInfo.parse("MemTotal:       lots kB\nMemAvailable:   1024 kB\n")).isEmpty();
        assertThat(MemInfo.parse("MemTotal:       2048 MB\nMemAvailable:   1024 kB\n")).isEmpty();
        assertThat(MemInfo.parse("MemTotal:       1024 kB\nMemAvailable:   2048 kB\n")).isEmpty();
        assertThat(MemInfo.parse("")).isEmpty();
    }
}
