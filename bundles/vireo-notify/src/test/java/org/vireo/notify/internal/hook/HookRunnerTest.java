package org.vireo.notify.internal.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Real processes: /bin/sh scripts written by the test. */
@Timeout(60)
class HookRunnerTest {

    @TempDir
    Path dir;

    private final HookRunner runner = new HookRunner();

    static Path script(Path dir, String name, String body) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        return file;
    }

    private static HookInvocation invocation(Path command, String input) {
        return new HookInvocation(List.of(command.toString(), "INSTANCE", "vip1", "MASTER", "150"),
            Map.of("PATH", HookInvocation.PATH, "VIREO_TO", "MASTER"), input.getBytes());
    }

    @Test
    void theExitCodeAndOutputComeBack_withArgumentsEnvironmentAndInput() throws Exception {
        Path hook = script(dir, "ok.sh", "read line; echo \"$1 $2 $3 $4 $VIREO_TO $line\"; echo oops >&2; exit 3");

        HookRunner.Outcome o = runner.run(invocation(hook, "{\"seq\":1}\n"), 10_000);

        assertThat(o.ok()).isFalse();
        assertThat(o.exitCode()).isEqualTo(3);
        assertThat(o.output()).isEqualTo("INSTANCE vip1 MASTER 150 MASTER {\"seq\":1} | oops");
        assertThat(o.describe()).startsWith("exit 3 in ").endsWith(" ms: INSTANCE vip1 MASTER 150 MASTER {\"seq\":1} | oops");
    }

    @Test
    void aHungHookIsKilledAtItsTimeout_withTheProcessesItStarted() throws Exception {
        Path pids = dir.resolve("pids");
        Path hook = script(dir, "hang.sh", "sleep 600 & echo $$ $! > " + pids + "; wait");

        HookRunner.Outcome o = runner.run(invocation(hook, ""), 500);

        assertThat(o.timedOut()).isTrue();
        assertThat(o.describe()).startsWith("timed out after ");
        String[] both = Files.readString(pids).trim().split(" ");
        for (String pid : both) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(p -> {
                try {
                    p.onExit().get(10, TimeUnit.SECONDS); // killed: it ends (a zombie's reaping aside)
                } catch (Exception e) {
                    throw new AssertionError("process " + pid + " of the hung hook still runs", e);
                }
            });
        }
    }

    @Test
    void aHookThatCannotStartIsAFailureThatSaysWhy() throws Exception {
        HookRunner.Outcome o = runner.run(invocation(dir.resolve("missing.sh"), ""), 1000);

        assertThat(o.ok()).isFalse();
        assertThat(o.describe()).startsWith("could not start: ").contains("missing.sh");
    }

    @Test
    void aLoudHookIsNotHeldUpByItsOutput_whichIsCut() throws Exception {
        Path hook = script(dir, "loud.sh", "head -c 1000000 /dev/zero | tr '\\0' x; exit 0");

        HookRunner.Outcome o = runner.run(invocation(hook, ""), 10_000);

        assertThat(o.ok()).isTrue();
        assertThat(o.output()).hasSize(HookRunner.OUTPUT_BYTES);
    }
}
