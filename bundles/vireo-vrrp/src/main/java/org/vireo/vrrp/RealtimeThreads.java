package org.vireo.vrrp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Real-time scheduling for the threads on the VRRP path (the VRRP timer thread, a transport's receive
 * threads, the JVM's VM thread that runs safepoints and its signal dispatcher): a master whose adverts wait
 * behind a busy CPU for more than Master_Down_Interval - one interval makes its backups take over for nothing.
 * A thread calls {@link #requestForCurrentThread} when it starts; it gets SCHED_RR at the priority of system
 * property {@value #PROPERTY} (set by bin/setenv from {@code VIREO_RT_PRIORITY}; 0 or unset: it stays a normal
 * thread). Needs CAP_SYS_NICE, as root has; without
 * it the thread runs normally and the reason is returned for the log.
 */
public final class RealtimeThreads {

    public static final String PROPERTY = "vireo.realtime.priority";

    private RealtimeThreads() {
    }

    /**
     * Asks for SCHED_RR for the calling thread with {@code chrt} (Java has no API for it).
     *
     * @return what happened, for the caller's log
     */
    public static String requestForCurrentThread() {
        try {
            // /proc/thread-self -> "<pid>/task/<tid>": the kernel's id of this very thread
            return request(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
        } catch (IOException e) {
            return "normal scheduling: " + e.getMessage() + " (needs /proc)";
        }
    }

    /** The JVM's thread that runs every safepoint operation: see {@link #requestForJvmThread}. */
    public static final String VM_THREAD = "VM Thread";
    /** The JVM's thread that takes signals and starts their handlers, which inherit its scheduling. */
    public static final String SIGNAL_DISPATCHER = "Signal Dispatch"; // "Signal Dispatcher", as the kernel cuts it

    /**
     * The same for one of the JVM's own threads, by its kernel name ({@code /proc/self/task/TID/comm}, at most
     * 15 characters). {@link #VM_THREAD} carries out every safepoint operation (a collector's pauses among them):
     * while it runs, all Java threads wait, the real-time ones too, so on a busy CPU a normal VM thread stretches a
     * sub-millisecond pause into tens of milliseconds (seen: a backup's Master_Down timer firing at 20 ms adverts
     * under stress-ng, with the master's adverts on time). {@link #SIGNAL_DISPATCHER} starts the SIGTERM handler
     * that sends a master's priority-0 adverts; a normal one waits for a CPU like any thread of a busy JVM.
     */
    public static String requestForJvmThread(String kernelName) {
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                if (Files.readString(task.resolve("comm")).trim().equals(kernelName)) {
                    return request(task.getFileName().toString());
                }
            }
            return "normal scheduling: no \"" + kernelName + "\" in /proc/self/task";
        } catch (IOException e) {
            return "normal scheduling: " + e.getMessage() + " (needs /proc)";
        }
    }

    private static String request(String tid) {
        int priority = Integer.getInteger(PROPERTY, 0);
        if (priority <= 0) {
            return "normal scheduling (" + PROPERTY + " is not set)";
        }
        if (priority > 99) {
            return "normal scheduling: " + PROPERTY + " = " + priority + " is not 1-99";
        }
        try {
            Process p = new ProcessBuilder("chrt", "--rr", "-p", String.valueOf(priority), tid)
                .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return "normal scheduling: chrt failed (" + out + "); real-time needs CAP_SYS_NICE";
            }
            return "SCHED_RR priority " + priority + " (thread " + tid + ")";
        } catch (IOException e) {
            return "normal scheduling: " + e.getMessage() + " (needs chrt from util-linux)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "normal scheduling: interrupted";
        }
    }
}
