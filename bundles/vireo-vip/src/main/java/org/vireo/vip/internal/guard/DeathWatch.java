package org.vireo.vip.internal.guard;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

import com.sun.jna.Function;

/**
 * The signs that the node's JVM, the guard's parent, may have died; whichever comes first.
 * <ul>
 * <li>{@link #PIPE}: end-of-file on the pipe whose write end only the JVM holds. Certain, but the kernel closes a
 * dying process's files only after it has freed its memory: for a JVM with a large heap that takes tens to hundreds
 * of milliseconds.</li>
 * <li>{@link #PARENT}: the parent-death signal ({@code prctl(PR_SET_PDEATHSIG)}, here SIGUSR1). The kernel sends
 * it when the thread that forked the guard ends, which is the JVM's main thread (bin/vireo-java forks the guard,
 * then execs the JVM in the same thread). Under SIGKILL every thread ends at once and this one does not wait for
 * the memory to be freed, so this sign comes first; but anyone may send a SIGUSR1, so it is only a reason to look.</li>
 * </ul>
 */
final class DeathWatch {

    static final String PIPE = "its pipe closed";
    static final String PARENT = "its main thread ended";

    // include/uapi/linux/prctl.h
    private static final int PR_SET_PDEATHSIG = 1;

    /** A sign and when it came ({@link System#nanoTime}). */
    record Sign(String what, long at) {
    }

    private final BlockingQueue<Sign> signs = new LinkedBlockingQueue<>();
    private final boolean watchesParent;

    /** Starts reading {@code pipe} and asks for the parent-death signal; reports on {@code log} what it cannot do. */
    DeathWatch(long jvmPid, InputStream pipe, Consumer<String> log) {
        Thread reader = new Thread(() -> {
            try {
                Guard.awaitEndOfFile(pipe);
            } catch (IOException e) {
                log.accept("reading the pipe failed: " + e.getMessage());
            }
            signs.add(new Sign(PIPE, System.nanoTime()));
        }, "vireo-guard-pipe");
        reader.setDaemon(true);
        reader.start();
        boolean parentSignal = true;
        try {
            // sun.misc.Signal (module jdk.unsupported): Java's only way to handle a signal
            sun.misc.Signal usr1 = new sun.misc.Signal("USR1");
            sun.misc.Signal.handle(usr1, s -> signs.add(new Sign(PARENT, System.nanoTime())));
            int rc = Function.getFunction("c", "prctl")
                .invokeInt(new Object[] {PR_SET_PDEATHSIG, (long) usr1.getNumber()});
            if (rc != 0) {
                throw new IllegalStateException("prctl(PR_SET_PDEATHSIG) returned " + rc);
            }
            // the JVM may have died before the prctl: then the guard has a new parent already
            Optional<Long> parent = ProcessHandle.current().parent().map(ProcessHandle::pid);
            if (parent.isEmpty() || parent.get() != jvmPid) {
                signs.add(new Sign(PARENT, System.nanoTime()));
            }
        } catch (RuntimeException | LinkageError e) {
            log.accept("no parent-death signal (" + e + "): the guard learns of a death from the pipe alone, later");
            parentSignal = false;
        }
        watchesParent = parentSignal;
    }

    /** Whether the parent-death signal is set up (else only the pipe tells). */
    boolean watchesParent() {
        return watchesParent;
    }

    /** The next sign; one for each time it came. */
    Sign next() throws InterruptedException {
        return signs.take();
    }
}
