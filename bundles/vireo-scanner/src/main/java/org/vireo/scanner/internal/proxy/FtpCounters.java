package org.vireo.scanner.internal.proxy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import org.vireo.scanner.FtpStats;

/**
 * The FTP proxy's counters for {@code scanner:stats}, the API and the metrics: written by every I/O thread, so
 * adders; they outlive restarts of the proxy, as the HTTP proxy's do.
 */
public final class FtpCounters {

    private final LongAdder activeSessions = new LongAdder();
    private final LongAdder sessions = new LongAdder();
    private final LongAdder loginsRefused = new LongAdder();
    private final LongAdder[] transfersByClass = {new LongAdder(), new LongAdder(), new LongAdder()};
    private final LongAdder bytesUp = new LongAdder();
    private final LongAdder bytesDown = new LongAdder();
    private final LongAdder dataRefused = new LongAdder();

    void sessionOpened() {
        activeSessions.increment();
    }

    void sessionClosed() {
        activeSessions.decrement();
    }

    /** A login's outcome: 230 a session, anything else refused (by the rules or by the server). */
    void login(int reply) {
        (reply == 230 ? sessions : loginsRefused).increment();
    }

    /** A transfer ended with this final reply (2xx, 4xx or 5xx) after these data bytes. */
    void transfer(int reply, long up, long down) {
        int replyClass = reply / 100;
        if (replyClass == 2 || replyClass == 4 || replyClass == 5) {
            transfersByClass[replyClass == 2 ? 0 : replyClass - 3].increment();
        }
        bytesUp.add(up);
        bytesDown.add(down);
    }

    void dataConnectionRefused() {
        dataRefused.increment();
    }

    public long activeSessions() {
        return activeSessions.sum();
    }

    public long sessions() {
        return sessions.sum();
    }

    public long loginsRefused() {
        return loginsRefused.sum();
    }

    /** Transfers whose final reply was of this class: 2, 4 or 5. */
    public long transfers(int replyClass) {
        return transfersByClass[replyClass == 2 ? 0 : replyClass - 3].sum();
    }

    public long bytesUp() {
        return bytesUp.sum();
    }

    public long bytesDown() {
        return bytesDown.sum();
    }

    public long dataConnectionsRefused() {
        return dataRefused.sum();
    }

    /** The counters as the exported {@link FtpStats}. */
    public FtpStats stats(boolean listening) {
        Map<String, Long> byClass = new LinkedHashMap<>();
        for (int replyClass : new int[] {2, 4, 5}) {
            byClass.put(replyClass + "xx", transfers(replyClass));
        }
        return new FtpStats(listening, activeSessions(), sessions(), loginsRefused(), byClass, bytesUp(), bytesDown(),
            dataConnectionsRefused());
    }
}
