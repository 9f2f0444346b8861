package org.vireo.scanner.internal.proxy;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PROXY protocol headers of all connections: how many were read, and how many connections were refused, why.
 * A refusal is logged at WARN at most once a minute per reason (a scan, or a misconfigured director, refuses
 * every connection), at DEBUG in between. Shared by the I/O threads; outlives restarts of the proxy.
 */
public final class ProxyHeaders {

    /** Why a connection was refused at its PROXY header. */
    public enum Refusal {
        NOT_A_DIRECTOR("a PROXY header from an address that is not a director"),
        MISSING("a director's connection without a PROXY header (requireProxyHeader)"),
        MALFORMED("a malformed PROXY header"),
        INCOMPLETE("a PROXY header not complete within headerTimeoutMillis");

        private final String text;

        Refusal(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * Fired into a connection's pipeline once its PROXY header is read and its client known: a data connection,
     * whose client may never send a byte (a download), is checked then.
     */
    public static final Object READ = new Object();

    private static final Logger LOG = LoggerFactory.getLogger(ProxyHeaders.class);
    private static final long WARN_INTERVAL_MILLIS = 60_000;

    private final LongSupplier millisClock;
    private final LongAdder read = new LongAdder();
    private final Map<Refusal, LongAdder> refused = new EnumMap<>(Refusal.class);
    private final Map<Refusal, AtomicLong> warned = new EnumMap<>(Refusal.class);

    ProxyHeaders(LongSupplier millisClock) {
        this.millisClock = millisClock;
        for (Refusal r : Refusal.values()) {
            refused.put(r, new LongAdder());
            warned.put(r, new AtomicLong(-WARN_INTERVAL_MILLIS));
        }
    }

    void headerRead() {
        read.increment();
    }

    void refused(Refusal why, String peer, String detail) {
        refused.get(why).increment();
        long now = millisClock.getAsLong();
        AtomicLong last = warned.get(why);
        long before = last.get();
        if (now - before >= WARN_INTERVAL_MILLIS && last.compareAndSet(before, now)) {
            LOG.warn("proxy: connection from {} refused: {}{} (logged once a minute, counted in scanner:stats)",
                peer, why.text(), detail.isEmpty() ? "" : ": " + detail);
        } else {
            LOG.debug("proxy: connection from {} refused: {}{}", peer, why.text(), detail.isEmpty() ? "" : ": " + detail);
        }
    }

    /** Headers read from directors: connections whose client is the one a director named. */
    public long headersRead() {
        return read.sum();
    }

    public long refusals(Refusal why) {
        return refused.get(why).sum();
    }
}
