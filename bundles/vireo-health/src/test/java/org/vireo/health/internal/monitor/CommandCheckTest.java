package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.vireo.health.CheckResult;

class CommandCheckTest {

    @Test
    void exitZeroPasses() throws Exception {
        CheckResult r = run("true");

        assertThat(r.success()).isTrue();
        assertThat(r.detail()).startsWith("exit 0 in ").endsWith(" ms");
    }

    @Test
    void aNonZeroExitFailsWithItsCode() throws Exception {
        assertThat(run("false")).extracting(CheckResult::success, CheckResult::detail).containsExactly(false, "exit 1");
        assertThat(run("sh", "-c", "exit 3")).extracting(CheckResult::detail).isEqualTo("exit 3");
    }

    @Test
    void aProgramThatCannotRunFailsAndSaysWhy() throws Exception {
        CheckResult r = run("/nonexistent/vireo-check");

        assertThat(r.success()).isFalse();
        assertThat(r.detail()).startsWith("cannot run /nonexistent/vireo-check: ").contains("No such file");
    }

    @Test
    void argumentsAreNotInterpretedByAShell() throws Exception {
        assertThat(run("test", "a b", "=", "a b").success()).isTrue(); // a shell would split "a b"
        assertThat(run("test", "$HOME", "=", "$" + "HOME").success()).isTrue();
    }

    @Test
    void aCancelledCheckKillsTheProcessAndItsDescendants() throws Exception {
        CompletableFuture<CheckResult> running = new CommandCheck(List.of("sh", "-c", "sleep 30 & sleep 30; wait"))
            .start();
        ProcessHandle shell = awaitChild("sleep 30 & sleep 30; wait", 2);
        List<ProcessHandle> tree = shell.descendants().toList();
        assertThat(tree).hasSize(2);

        running.cancel(true);

        shell.onExit().get(10, TimeUnit.SECONDS);
        for (ProcessHandle p : tree) {
            p.onExit().get(10, TimeUnit.SECONDS);
            assertThat(p.isAlive()).isFalse();
        }
    }

    private static CheckResult run(String... argv) throws Exception {
        return new CommandCheck(List.of(argv)).start().get(10, TimeUnit.SECONDS);
    }

    /** This JVM's child with the argument {@code argument}, once it has {@code descendants}; bounded. */
    static ProcessHandle awaitChild(String argument, int descendants) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            var child = ProcessHandle.current().children()
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains(argument)).orElse(false))
                .filter(p -> p.descendants().count() == descendants).findFirst();
            if (child.isPresent()) {
                return child.get();
            }
            Thread.sleep(10); // no event tells when a process has forked: poll, bounded
        }
        throw new AssertionError("no child with argument '" + argument + "' and " + descendants + " descendants within 10 s");
    }
}
