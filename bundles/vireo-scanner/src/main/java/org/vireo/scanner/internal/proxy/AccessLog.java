package org.vireo.scanner.internal.proxy;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.netty.util.concurrent.FastThreadLocal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.vireo.api.TailRing;
import org.vireo.scanner.internal.access.AccessEntry;

/**
 * One JSON line per request or tunnel through the SLF4J logger {@value #LOGGER}; the integrator routes it to its
 * own file. An I/O thread collects the lines of the exchanges it ends and hands them to the logger as one message
 * (lines joined by newlines) in a task queued behind the I/O it is processing: under load one logging call carries
 * many lines, and an idle proxy still logs each line at once. Pax Logging and its appender cost about as much per
 * call as the rest of a small request.
 *
 * <p>Each exchange is also put in the proxy's recent list ({@link TailRing}, for {@code GET
 * /api/v1/scanner/access-log} and {@code scanner:access-log}): one entry of the fields as the exchange has them, the
 * only allocation it adds per exchange, whatever the logger's level.
 */
final class AccessLog {

    static final String LOGGER = "org.vireo.scanner.access";
    /** Past this much text a thread's batch goes to the logger at once. */
    private static final int MAX_BATCH_CHARS = 64 * 1024;
    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss")
        .withZone(ZoneOffset.UTC);

    private final String node;
    private final BooleanSupplier enabled;
    private final Consumer<String> sink;
    private final TailRing<AccessEntry> recent;
    private final FastThreadLocal<Batch> batches = new FastThreadLocal<>() {
        @Override
        protected Batch initialValue() {
            return new Batch();
        }
    };
    /** The formatted second of the last time stamp; shared by the I/O threads, replaced whole. */
    private volatile FormattedSecond lastSecond = new FormattedSecond(Long.MIN_VALUE, "");

    private record FormattedSecond(long epochSecond, String text) {
    }

    AccessLog(String node, TailRing<AccessEntry> recent) {
        this(node, LoggerFactory.getLogger(LOGGER), recent);
    }

    private AccessLog(String node, Logger log, TailRing<AccessEntry> recent) {
        this(node, log::isInfoEnabled, log::info, recent);
    }

    /** For tests: the lines go to {@code sink} while {@code enabled} says so. */
    AccessLog(String node, BooleanSupplier enabled, Consumer<String> sink, TailRing<AccessEntry> recent) {
        this.node = node;
        this.enabled = enabled;
        this.sink = sink;
        this.recent = recent;
    }

    /**
     * Logs the exchange once (later calls for the same exchange do nothing), in a task on {@code loop}, the
     * calling thread's own executor.
     */
    void record(Exchange e, long endNanos, Executor loop) {
        if (e.logged) {
            return;
        }
        e.logged = true;
        long durationMillis = TimeUnit.NANOSECONDS.toMillis(endNanos - e.startNanos);
        keep(e, durationMillis);
        if (!enabled.getAsBoolean()) {
            return;
        }
        Batch batch = batches.get();
        if (batch.lines.length() > 0) {
            batch.lines.append('\n');
        }
        appendLine(batch.lines, e, durationMillis);
        if (batch.lines.length() >= MAX_BATCH_CHARS) {
            batch.run();
        } else if (!batch.queued) {
            batch.queued = true;
            try {
                loop.execute(batch);
            } catch (RejectedExecutionException stopped) {
                batch.run(); // the loop is shutting down: log now rather than lose the line
            }
        }
    }

    private void keep(Exchange e, long durationMillis) {
        recent.put(new AccessEntry(recent.claim(), e.start, e.client, e.method, AccessEntry.listed(e.target),
            e.status, e.bytesUp, e.bytesDown, durationMillis, e.rule, e.refusal == null ? null : e.refusal.code()));
    }

    /** One thread's lines not yet logged. */
    private final class Batch implements Runnable {
        final StringBuilder lines = new StringBuilder(1024);
        boolean queued;

        @Override
        public void run() {
            queued = false;
            if (lines.length() > 0) {
                sink.accept(lines.toString());
                lines.setLength(0);
            }
        }
    }

    /** The exchange's line (for tests and tools; the proxy appends to its batch). */
    static String line(Exchange e, long durationMillis, String node) {
        StringBuilder b = new StringBuilder(256);
        appendLine(b, e, durationMillis, node, SECOND.format(e.start));
        return b.toString();
    }

    private void appendLine(StringBuilder b, Exchange e, long durationMillis) {
        appendLine(b, e, durationMillis, node, secondText(e.start));
    }

    /**
     * One line; {@code second} is {@code e.start} to the second (ISO-8601, UTC), the line adds the milliseconds:
     * e.g. 2026-11-30T02:43:05.602Z.
     */
    private static void appendLine(StringBuilder b, Exchange e, long durationMillis, String node, String second) {
        int millis = e.start.getNano() / 1_000_000;
        b.append("{\"time\":\"").append(second).append('.').append((char) ('0' + millis / 100))
            .append((char) ('0' + millis / 10 % 10)).append((char) ('0' + millis % 10)).append("Z\",");
        field(b, "client", e.client).append(',');
        field(b, "method", e.method).append(',');
        field(b, "target", e.target).append(',');
        b.append("\"status\":").append(e.status).append(',');
        b.append("\"bytesUp\":").append(e.bytesUp).append(',');
        b.append("\"bytesDown\":").append(e.bytesDown).append(',');
        b.append("\"durationMs\":").append(durationMillis).append(',');
        if (e.rule == null) {
            b.append("\"rule\":null,");
        } else {
            field(b, "rule", e.rule).append(',');
        }
        if (e.refusal == null) {
            b.append("\"refusal\":null,");
        } else {
            field(b, "refusal", e.refusal.code()).append(',');
        }
        field(b, "node", node).append('}');
    }

    /** The instant to the second, formatted once per second for all I/O threads. */
    private String secondText(Instant t) {
        long second = t.getEpochSecond();
        FormattedSecond f = lastSecond;
        if (f.epochSecond != second) {
            f = new FormattedSecond(second, SECOND.format(t));
            lastSecond = f;
        }
        return f.text;
    }

    private static StringBuilder field(StringBuilder b, String name, String value) {
        b.append('"').append(name).append("\":\"");
        if (!needsEscape(value)) {
            return b.append(value).append('"');
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"');
    }

    private static boolean needsEscape(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\') {
                return true;
            }
        }
        return false;
    }
}
