package org.vireo.health.internal.monitor;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.health.CheckResult;

/**
 * Runs a program (argv, no shell; stdin empty, output discarded) and waits for its exit with
 * {@link Process#onExit()}, not with a thread. Exit 0 passes. Cancelled (timed out), the process and every
 * descendant it has then are killed, and their end is confirmed; a survivor is logged.
 */
final class CommandCheck implements Check {

    private static final Logger LOG = LoggerFactory.getLogger(CommandCheck.class);
    private static final File NO_INPUT = new File("/dev/null");
    static final Duration KILL_CONFIRM = Duration.ofSeconds(5);

    private final List<String> argv;

    CommandCheck(List<String> argv) {
        this.argv = List.copyOf(argv);
    }

    @Override
    public CompletableFuture<CheckResult> start() {
        Stopwatch watch = new Stopwatch();
        Process process;
        try {
            process = new ProcessBuilder(argv).redirectInput(NO_INPUT).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.completedFuture(watch.failure("cannot run " + argv.get(0) + ": "
                + Failures.describe(e)));
        }
        CompletableFuture<CheckResult> result = process.onExit().thenApply(p -> p.exitValue() == 0
            ? watch.successIn("exit 0", "") : watch.failure("exit " + p.exitValue()));
        result.whenComplete((r, e) -> {
            if (result.isCancelled()) {
                destroyTree(process.toHandle());
            }
        });
        return result;
    }

    /**
     * Kills {@code root} and its descendants with SIGKILL, then confirms they are gone. The descendants are listed
     * before anyone is killed: once their parent is gone they are re-parented and no longer found from it.
     */
    private CompletableFuture<Void> destroyTree(ProcessHandle root) {
        List<ProcessHandle> tree = new ArrayList<>(root.descendants().toList());
        tree.add(0, root);
        tree.forEach(ProcessHandle::destroyForcibly);
        CompletableFuture<?>[] exits = tree.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(exits).orTimeout(KILL_CONFIRM.toMillis(), TimeUnit.MILLISECONDS)
            .whenComplete((v, e) -> {
                if (e != null) {
                    LOG.warn("command check {}: processes still alive {} s after SIGKILL: {}", String.join(" ", argv),
                        KILL_CONFIRM.toSeconds(), tree.stream().filter(ProcessHandle::isAlive)
                            .map(h -> String.valueOf(h.pid())).collect(Collectors.joining(", ")));
                }
            });
    }
}
