package org.vireo.notify.internal.hook;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs one invocation of a hook to its end or its timeout. At the timeout the hook is killed (SIGKILL) with the
 * processes it started that are still its descendants then: one that made itself a daemon (double fork, setsid) has
 * left the tree, as it would leave keepalived's. Its output (standard output and error together) is kept up to
 * {@value #OUTPUT_BYTES} bytes, for the log and {@code notify:list}.
 */
final class HookRunner {

    static final int OUTPUT_BYTES = 4096;
    private static final long OUTPUT_WAIT_MILLIS = 1000;

    /** What came of a run. */
    record Outcome(int exitCode, boolean timedOut, String startError, String output, long millis) {

        boolean ok() {
            return startError == null && !timedOut && exitCode == 0;
        }

        /** {@code exit 0 in 12 ms}, {@code timed out after 10000 ms}, {@code could not start: ...}. */
        String describe() {
            String what = startError != null ? "could not start: " + startError
                : timedOut ? "timed out after " + millis + " ms, killed"
                : "exit " + exitCode + " in " + millis + " ms";
            return output.isEmpty() ? what : what + ": " + output;
        }
    }

    /** Whose turn it is: one run at a time per hook, its events' and its pre-release runs alike, first come first. */
    private final ReentrantLock turn = new ReentrantLock(true);

    /** Runs it once the run under way, if any, has ended. */
    Outcome run(HookInvocation invocation, long timeoutMillis) {
        turn.lock(); // not interruptible, as the run itself
        try {
            return runNow(invocation, timeoutMillis);
        } finally {
            turn.unlock();
        }
    }

    private Outcome runNow(HookInvocation invocation, long timeoutMillis) {
        long start = System.nanoTime();
        ProcessBuilder builder = new ProcessBuilder(invocation.command()).redirectErrorStream(true)
            .directory(new File("/"));
        builder.environment().clear();
        builder.environment().putAll(invocation.environment());
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return new Outcome(-1, false, e.getMessage(), "", elapsed(start));
        }
        Output output = new Output(process.getInputStream());
        output.start();
        // one JSON line, far below a pipe's 64 KiB: the write returns whether the hook reads it or not
        try (OutputStream in = process.getOutputStream()) {
            in.write(invocation.input());
        } catch (IOException e) {
            // the hook closed its standard input without reading it: its choice
        }
        boolean interrupted = false;
        boolean ended = false;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        // an interrupt (the log dropped or closed the hook's subscription) does not cut a run short: it ends or times
        // out first, so that two runs of one hook never overlap and none is left running unwatched
        while (!ended && System.nanoTime() < deadline) {
            try {
                ended = process.waitFor(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (!ended) {
            kill(process);
        }
        joinQuietly(output);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return new Outcome(ended ? process.exitValue() : -1, !ended, null, output.text(), elapsed(start));
    }

    private static void joinQuietly(Thread output) {
        try {
            output.join(OUTPUT_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The hook and its descendants, all at once: a parent killed first would leave its children to init. */
    private static void kill(Process process) {
        List<ProcessHandle> tree = process.descendants().toList();
        process.destroyForcibly();
        tree.forEach(ProcessHandle::destroyForcibly);
        process.onExit().join(); // SIGKILL: it ends
    }

    private static long elapsed(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** Reads a hook's output to its end, keeping the first bytes: a hook never blocks on a full pipe. */
    private static final class Output extends Thread {

        private final InputStream in;
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();

        Output(InputStream in) {
            super("vireo-hook-output");
            setDaemon(true);
            this.in = in;
        }

        @Override
        public void run() {
            byte[] buffer = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    synchronized (kept) {
                        kept.write(buffer, 0, Math.max(0, Math.min(n, OUTPUT_BYTES - kept.size())));
                    }
                }
            } catch (IOException e) {
                // the process is gone: what was read is kept
            }
        }

        String text() {
            synchronized (kept) {
                return kept.toString(StandardCharsets.UTF_8).strip().replaceAll("\\s*\\n\\s*", " | ");
            }
        }
    }
}
