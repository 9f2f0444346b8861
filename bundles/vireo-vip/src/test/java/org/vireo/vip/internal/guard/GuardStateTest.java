package org.vireo.vip.internal.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.vip.internal.guard.GuardState.Entry;
import org.vireo.vip.internal.guard.GuardState.Snapshot;

class GuardStateTest {

    @TempDir
    Path dir;

    private static final Entry MACVLAN = new Entry("vi_51", "eth0", List.of("10.77.0.51/32", "fd77::51/128"), "vrrp.51",
        List.of(new byte[] {1, 0, 0x5e, 0, 0, 0x12}, new byte[] {0x33, 0x33, 0, 0, 0, 0x12}));
    // every character the format must escape, and a name that is just the "none" marker
    private static final Entry ODD = new Entry("a b,c%d\tß", "-", List.of(), null, List.of());

    @Test
    void whatIsPutIsReadBackWithTheWritersPid() throws Exception {
        Path file = dir.resolve("vireo/guard.state");
        GuardState state = new GuardState(file);

        state.put(MACVLAN);
        state.put(ODD);

        List<String> warnings = new ArrayList<>();
        Snapshot read = GuardState.load(file, warnings::add);
        assertThat(warnings).isEmpty();
        assertThat(read.writerPid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(read.entries()).containsExactlyInAnyOrder(MACVLAN, ODD);
        assertThat(GuardState.read(file)).isEqualTo(read.entries());
    }

    @Test
    void putReplacesByInstanceAndRemoveForgets() throws Exception {
        Path file = dir.resolve("guard.state");
        GuardState state = new GuardState(file);
        Entry moved = new Entry("vi_51", "eth1", List.of("10.77.0.52/32"), null, List.of(new byte[] {7}));

        state.put(MACVLAN);
        state.put(ODD);
        state.put(moved);
        assertThat(GuardState.read(file)).containsExactlyInAnyOrder(moved, ODD);

        state.remove("vi_51");
        state.remove("not there");
        assertThat(GuardState.read(file)).containsExactly(ODD);
        state.remove(ODD.instance());
        assertThat(GuardState.read(file)).isEmpty();
        assertThat(GuardState.load(file, w -> { }).writerPid()).isEqualTo(ProcessHandle.current().pid());
    }

    @Test
    void aReaderNeverSeesHalfAFileAndNoTemporaryFileStays() throws Exception {
        Path file = dir.resolve("guard.state");
        GuardState state = new GuardState(file);
        state.put(MACVLAN);
        // large entries make a torn write likely to be seen if the rename were not atomic
        List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            frames.add(new byte[1500]);
        }
        Entry big = new Entry("vi_big", "eth0", List.of("10.77.0.60/32"), null, frames);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            try {
                for (int i = 0; i < 100; i++) {
                    state.put(big);
                    state.remove(big.instance());
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        writer.start();
        int reads = 0;
        while (writer.isAlive() || reads == 0) {
            List<String> warnings = new ArrayList<>();
            List<Entry> seen = GuardState.load(file, warnings::add).entries();
            assertThat(warnings).isEmpty();
            assertThat(seen).isIn(List.of(MACVLAN), List.of(MACVLAN, big), List.of(big, MACVLAN));
            reads++;
        }
        writer.join();
        assertThat(failure.get()).isNull();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void aMalformedLineIsReportedWithFileAndLineAndSkipped() throws Exception {
        Path file = dir.resolve("guard.state");
        Files.writeString(file, String.join("\n",
            "# comment",
            "pid 42",
            "entry vi_1 eth0 10.0.0.1/32 - 0102",
            "entry vi_2 eth0 10.0.0.2/32 -",              // a field short
            "entry vi_3 eth0 10.0.0.3/32 - 01g2",         // not hex
            "entry vi_4 eth0 -force - -",                 // an alias that would read as an option
            "entry vi_5 eth%4 10.0.0.5/32 - -",           // truncated escape
            "pid forty-two",
            "hello",
            "",
            "entry vi_6 eth1 - - -") + "\n", StandardCharsets.UTF_8);

        List<String> warnings = new ArrayList<>();
        Snapshot read = GuardState.load(file, warnings::add);

        assertThat(read.writerPid()).isEqualTo(42);
        assertThat(read.entries()).extracting(Entry::instance).containsExactly("vi_1", "vi_6");
        assertThat(warnings).hasSize(6);
        assertThat(warnings.get(0)).startsWith(file + ":4: ").endsWith("skipped: entry vi_2 eth0 10.0.0.2/32 -");
        assertThat(warnings).extracting(w -> w.substring(file.toString().length() + 1, w.indexOf(": ")))
            .containsExactly("4", "5", "6", "7", "8", "9");
    }

    @Test
    void aMissingFileHoldsNothingAndNoPid() throws Exception {
        Path file = dir.resolve("nowhere/guard.state");

        assertThat(GuardState.read(file)).isEmpty();
        assertThat(GuardState.load(file, w -> { })).isEqualTo(new Snapshot(-1, List.of()));
    }

    @Test
    void namesSurviveEscaping() {
        for (String name : List.of("eth0", "-", "a b", "%41", "x,y", "ü\n")) {
            assertThat(GuardState.unescape(GuardState.escape(name))).isEqualTo(name);
            assertThat(GuardState.escape(name)).doesNotContain(" ", ",").isNotEqualTo("-");
        }
    }

    @Test
    void anEntryRefusesWhatTheGuardCouldNotUseAndKeepsItsOwnFrames() {
        assertThatThrownBy(() -> new Entry("vi", "eth0", List.of("-f"), null, List.of()))
            .hasMessageContaining("'-f'");
        assertThatThrownBy(() -> new Entry("vi", "", List.of(), null, List.of())).hasMessageContaining("interfaceName");
        assertThatThrownBy(() -> new Entry("vi", "eth0", List.of(), null, List.of(new byte[0])))
            .hasMessageContaining("empty frame");

        byte[] frame = {1, 2};
        Entry e = new Entry("vi", "eth0", List.of(), null, List.of(frame));
        frame[0] = 9;
        e.frames().get(0)[1] = 9;
        assertThat(e.frames().get(0)).containsExactly(1, 2);
    }
}
