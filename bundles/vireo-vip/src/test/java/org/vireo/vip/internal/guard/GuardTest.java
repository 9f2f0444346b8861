package org.vireo.vip.internal.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.vireo.vip.internal.guard.GuardState.Entry;
import org.vireo.vip.internal.guard.GuardState.Snapshot;

/** The guard's decisions, with the side effects recorded instead of done. */
class GuardTest {

    private static final long PID = 4711;
    private static final HexFormat HEX = HexFormat.of();

    private final List<String> done = new ArrayList<>();
    private final List<String> log = new ArrayList<>();
    private String failOn = "";

    private final Guard.Actions recorder = new Guard.Actions() {
        @Override
        public void send(String interfaceName, List<byte[]> frames) throws IOException {
            record("send " + interfaceName + " " + String.join(",", frames.stream().map(HEX::formatHex).toList()));
        }

        @Override
        public void deleteAlias(String interfaceName, String alias) throws IOException {
            record("del " + alias + " " + interfaceName);
        }

        @Override
        public void deleteLink(String link) throws IOException {
            record("link del " + link);
        }

        private void record(String action) throws IOException {
            done.add(action);
            if (action.equals(failOn)) {
                throw new IOException("RTNETLINK answers: Cannot assign requested address");
            }
        }
    };

    private static Entry entry(String instance, String iface, List<String> aliases, String link, int... frames) {
        List<byte[]> bytes = new ArrayList<>();
        for (int f : frames) {
            bytes.add(new byte[] {(byte) f});
        }
        return new Entry(instance, iface, aliases, link, bytes);
    }

    @Test
    void framesGoFirstThenTheAliasesThenTheLinks() {
        Snapshot state = new Snapshot(PID, List.of(
            entry("vi_1", "eth0", List.of("10.0.0.1/32", "fd00::1/128"), null, 1),
            entry("vi_2", "vrrp.2", List.of("10.0.0.2/32"), "vrrp.2", 2),
            entry("vi_3", "eth0", List.of(), null, 3, 4)));

        assertThat(Guard.act(state, PID, recorder, log::add)).isTrue();

        assertThat(done).containsExactly(
            "send eth0 01,03,04", "send vrrp.2 02",
            "del 10.0.0.1/32 eth0", "del fd00::1/128 eth0", "del 10.0.0.2/32 vrrp.2",
            "link del vrrp.2");
        assertThat(log).contains("sent 3 frame(s) on eth0 for vi_1, vi_3", "removed 10.0.0.2/32 from vrrp.2 (vi_2)",
            "deleted link vrrp.2 (vi_2)");
    }

    @Test
    void aFailureIsLoggedAndTheRestIsStillDone() {
        failOn = "send eth0 01";
        Snapshot state = new Snapshot(PID,
            List.of(entry("vi_1", "eth0", List.of("10.0.0.1/32", "10.0.0.9/32"), null, 1)));

        assertThat(Guard.act(state, PID, recorder, log::add)).isFalse();
        assertThat(done).containsExactly("send eth0 01", "del 10.0.0.1/32 eth0", "del 10.0.0.9/32 eth0");
        assertThat(log).first().asString().startsWith("cannot send the frames of vi_1 on eth0: RTNETLINK");

        done.clear();
        failOn = "del 10.0.0.1/32 eth0";
        assertThat(Guard.act(state, PID, recorder, log::add)).isFalse();
        assertThat(done).containsExactly("send eth0 01", "del 10.0.0.1/32 eth0", "del 10.0.0.9/32 eth0");
    }

    @Test
    void onlyTheStateOfTheWatchedJvmIsUndone() {
        List<Entry> entries = List.of(entry("vi_1", "eth0", List.of("10.0.0.1/32"), "mv0", 1));

        assertThat(Guard.act(new Snapshot(PID + 1, entries), PID, recorder, log::add)).isTrue();
        assertThat(Guard.act(new Snapshot(-1, entries), PID, recorder, log::add)).isTrue();
        assertThat(Guard.act(new Snapshot(PID, List.of()), PID, recorder, log::add)).isTrue();

        assertThat(done).isEmpty();
        assertThat(log).containsExactly("the state was written by pid 4712, not by 4711: nothing to undo",
            "no state from pid 4711: nothing to undo", "pid 4711 held no VIPs: nothing to undo");
    }

    @Test
    void aProcessIsDeadAsAZombieOrOnceItStartedToExit() {
        // comm may hold spaces and ')': the state is the first field after the last ')'
        assertThat(Guard.isDead("12 (java) S 1 12 12 0 -1 4194560 100 0")).isFalse();
        assertThat(Guard.isDead("12 (a) b) c) S 1 12 12 0 -1 4194560 100 0")).isFalse();
        assertThat(Guard.isDead("12 (java) Z 1 12 12 0 -1 4194316 100 0")).isTrue();
        assertThat(Guard.isDead("12 (java) R 1 12 12 0 -1 4194564 100 0")).isTrue(); // PF_EXITING
        assertThat(Guard.isDead("12 (java) X 1 12 12 0 -1 0 0 0")).isTrue();
        assertThatThrownBy(() -> Guard.isDead("garbage")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aliveReadsProc() throws Exception {
        assertThat(Guard.alive(ProcessHandle.current().pid())).isTrue();
        Process p = new ProcessBuilder("true").start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(Guard.alive(p.pid())).isFalse();
    }

    @Test
    void theWaitEndsAtEndOfFileWhateverCameBefore() throws Exception {
        ByteArrayInputStream in = new ByteArrayInputStream(new byte[1000]);
        Guard.awaitEndOfFile(in);
        assertThat(in.available()).isZero();
    }
}
