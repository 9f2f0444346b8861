package org.vireo.vrrp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Real-time scheduling for the threads on the VRRP path (the VRRP timer thread, a transport's receive
 * threads): a master whose adverts wait behind a busy CPU for more than Master_Down_Interval - one
 * interval makes its backups take over for nothing. A thread calls {@link #requestForCurrentThread} when
 * it starts; it gets SCHED_RR at the priority of system property {@value #PROPERTY} (set by bin/setenv from
 * {@code VIREO_RT_PRIORITY}; 0 or unset: it stays a normal thread). Needs CAP_SYS_NICE, as root has; without
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
        int priority = Integer.getInteger(PROPERTY, 0);
        if (priority <= 0) {
            return "normal scheduling (" + PROPERTY + " is not set)";
        }
        if (priority > 99) {
            return "normal scheduling: " + PROPERTY + " = " + priority + " is not 1-99";
        }
        try {
            // /proc/thread-self -> "<pid>/task/<tid>": the kernel's id of this very thread
            Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
            String tid = self.getFileName().toString();
            Process p = new ProcessBuilder("chrt", "--rr", "-p", String.valueOf(priority), tid)
                .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return "normal scheduling: chrt failed (" + out + "); real-time needs CAP_SYS_NICE";
            }
            return "SCHED_RR priority " + priority + " (thread " + tid + ")";
        } catch (IOException e) {
            return "normal scheduling: " + e.getMessage() + " (needs chrt from util-linux and /proc)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "normal scheduling: interrupted";
        }
    }
}
