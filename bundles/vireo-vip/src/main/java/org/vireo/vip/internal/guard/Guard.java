package org.vireo.vip.internal.guard;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.vireo.vip.internal.guard.GuardState.Entry;
import org.vireo.vip.internal.guard.GuardState.Snapshot;

/**
 * The guard: a small JVM beside the node's JVM that undoes what the node holds on the wire when the node's JVM
 * dies without releasing it (SIGKILL, OOM killer, a crash): it sends the priority-0 adverts of the instances that
 * were master, so that a backup takes over after Skew_Time instead of Master_Down_Interval, then deletes the VIP
 * aliases (which the kernel would otherwise keep answering ARP for) and the macvlan links, logs what it did and
 * exits. It runs outside OSGi, on the jars of the distribution's {@code system/} repository.
 *
 * <p>{@code bin/vireo-java} (which {@code bin/karaf} runs as its {@code java}) forks it, then execs the JVM, so
 * the guard is the JVM's child: {@code Guard JVM_PID STATE_FILE}, its standard input the read end of a pipe whose
 * only writer is the JVM. It learns of the death without polling, from the parent-death signal or the pipe's
 * end-of-file ({@link DeathWatch}), checks in {@code /proc} that the JVM is indeed dying, and acts only if
 * {@link GuardState}'s file was written by that JVM.
 */
public final class Guard {

    /** The side effects, apart so that the decisions can be tested without a network. */
    interface Actions {
        void send(String interfaceName, List<byte[]> frames) throws IOException;

        void deleteAlias(String interfaceName, String alias) throws IOException;

        void deleteLink(String link) throws IOException;
    }

    // include/linux/sched.h: set at the start of do_exit()
    private static final long PF_EXITING = 0x4;

    private static final Actions NO_ACTIONS = new Actions() {
        @Override
        public void send(String interfaceName, List<byte[]> frames) {
        }

        @Override
        public void deleteAlias(String interfaceName, String alias) {
        }

        @Override
        public void deleteLink(String link) {
        }
    };

    private Guard() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: Guard JVM_PID STATE_FILE, standard input a pipe only the JVM writes to");
            System.exit(2);
        }
        long jvmPid = Long.parseLong(args[0]);
        Path stateFile = Path.of(args[1]);
        Consumer<String> log = Guard::log;

        SystemActions actions = new SystemActions(log);
        // Rehearse the death path (read, decide, the log texts) without side effects, and load libpcap and run
        // 'ip' once: the first run of any code in a JVM loads classes and links call sites, tens of milliseconds
        // that must not fall between the death and the adverts.
        try {
            GuardState.load(stateFile, message -> { });
        } catch (IOException e) {
            log.accept("cannot read " + stateFile + " yet: " + e.getMessage());
        }
        act(GuardState.parse(List.of("pid " + jvmPid, "entry rehearsal lo 192.0.2.1/32 rehearsal0 00"), "rehearsal",
            message -> { }), jvmPid, NO_ACTIONS, new Since(System.nanoTime(), message -> { }));
        alive(jvmPid);
        actions.warmUp();
        DeathWatch watch = new DeathWatch(jvmPid, new FileInputStream(FileDescriptor.in), log);
        log.accept("guarding pid " + jvmPid + " (state " + stateFile + ")");

        Since timed;
        while (true) {
            DeathWatch.Sign sign = watch.next();
            timed = new Since(sign.at(), log);
            if (!alive(jvmPid)) {
                timed.accept("pid " + jvmPid + " has ended (" + sign.what() + ")");
                break;
            }
            if (sign.what().equals(DeathWatch.PIPE)) {
                // closed while the JVM runs: a shell that marks its descriptors close-on-exec?
                if (!watch.watchesParent()) {
                    log.accept("the pipe closed but pid " + jvmPid + " is running: no longer guarding it");
                    System.exit(1);
                }
                log.accept("the pipe closed but pid " + jvmPid + " is running: watching its main thread alone");
            } else {
                log.accept("pid " + jvmPid + " is running: a SIGUSR1 not from its death, ignored");
            }
        }
        boolean ok;
        try {
            ok = act(GuardState.load(stateFile, timed), jvmPid, actions, timed);
        } catch (IOException e) {
            log.accept("cannot read " + stateFile + ": " + e.getMessage());
            ok = false;
        }
        timed.accept("done");
        System.exit(ok ? 0 : 1);
    }

    /**
     * Undoes what {@code state} holds if the JVM {@code jvmPid} wrote it: first every frame (the backups start
     * their Skew_Time), then the aliases, then the links. A failure is logged and the rest still done.
     *
     * @return whether everything succeeded
     */
    static boolean act(Snapshot state, long jvmPid, Actions actions, Consumer<String> log) {
        if (state.writerPid() != jvmPid) {
            log.accept(state.writerPid() < 0 ? "no state from pid " + jvmPid + ": nothing to undo"
                : "the state was written by pid " + state.writerPid() + ", not by " + jvmPid + ": nothing to undo");
            return true;
        }
        if (state.entries().isEmpty()) {
            log.accept("pid " + jvmPid + " held no VIPs: nothing to undo");
            return true;
        }
        boolean ok = true;
        Map<String, List<byte[]>> framesByInterface = new LinkedHashMap<>();
        Map<String, List<String>> instancesByInterface = new LinkedHashMap<>();
        for (Entry e : state.entries()) {
            if (!e.frames().isEmpty()) {
                framesByInterface.computeIfAbsent(e.interfaceName(), k -> new ArrayList<>()).addAll(e.frames());
                instancesByInterface.computeIfAbsent(e.interfaceName(), k -> new ArrayList<>()).add(e.instance());
            }
        }
        for (Map.Entry<String, List<byte[]>> f : framesByInterface.entrySet()) {
            try {
                actions.send(f.getKey(), f.getValue());
                log.accept("sent " + f.getValue().size() + " frame(s) on " + f.getKey() + " for "
                    + String.join(", ", instancesByInterface.get(f.getKey())));
            } catch (IOException | RuntimeException ex) {
                ok = false;
                log.accept("cannot send the frames of " + String.join(", ", instancesByInterface.get(f.getKey()))
                    + " on " + f.getKey() + ": " + ex.getMessage());
            }
        }
        for (Entry e : state.entries()) {
            for (String alias : e.aliases()) {
                try {
                    actions.deleteAlias(e.interfaceName(), alias);
                    log.accept("removed " + alias + " from " + e.interfaceName() + " (" + e.instance() + ")");
                } catch (IOException | RuntimeException ex) {
                    ok = false;
                    log.accept("cannot remove " + alias + " from " + e.interfaceName() + ": " + ex.getMessage());
                }
            }
        }
        for (Entry e : state.entries()) {
            if (e.linkToDelete() != null) {
                try {
                    actions.deleteLink(e.linkToDelete());
                    log.accept("deleted link " + e.linkToDelete() + " (" + e.instance() + ")");
                } catch (IOException | RuntimeException ex) {
                    ok = false;
                    log.accept("cannot delete link " + e.linkToDelete() + ": " + ex.getMessage());
                }
            }
        }
        return ok;
    }

    /** Reads until end-of-file; nobody writes, so this is the wait for the last writer to go away. */
    static void awaitEndOfFile(InputStream in) throws IOException {
        byte[] buf = new byte[64];
        while (in.read(buf) >= 0) {
            // ignore: the pipe carries no data
        }
    }

    /** Whether {@code pid} runs and is not on its way out. */
    static boolean alive(long pid) {
        try {
            return !isDead(Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII));
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            return ProcessHandle.of(pid).isPresent(); // no procfs: alive unless unknown
        }
    }

    /**
     * Reads a {@code /proc/PID/stat} line ("12 (comm) S ppid pgrp session tty tpgid flags ..."; comm may hold
     * spaces and ')'). Dead: a zombie, or PF_EXITING set. The flag matters: the kernel closes a dying process's
     * files (our pipe) before it turns it into a zombie, so for a moment the state still reads running.
     */
    static boolean isDead(String procStat) {
        int close = procStat.lastIndexOf(')');
        String[] f = close < 0 ? new String[0] : procStat.substring(close + 1).trim().split(" ");
        if (f.length < 7 || f[0].length() != 1) {
            throw new IllegalArgumentException("not a /proc/PID/stat line: " + procStat);
        }
        char state = f[0].charAt(0);
        return state == 'Z' || state == 'X' || state == 'x' || (Long.parseLong(f[6]) & PF_EXITING) != 0;
    }

    /** A log whose lines say how long after the sign of death they were written. */
    private static final class Since implements Consumer<String> {
        private final long start;
        private final Consumer<String> log;

        Since(long start, Consumer<String> log) {
            this.start = start;
            this.log = log;
        }

        @Override
        public void accept(String message) {
            log.accept("+" + (System.nanoTime() - start) / 100_000 / 10.0 + " ms: " + message);
        }
    }

    private static void log(String message) {
        System.err.println(Instant.now() + " vireo-guard[" + ProcessHandle.current().pid() + "] " + message);
    }
}
