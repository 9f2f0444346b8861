package org.vireo.api.internal.log;

import java.util.List;

import org.ops4j.pax.logging.PaxLoggingConstants;
import org.ops4j.pax.logging.spi.PaxAppender;
import org.ops4j.pax.logging.spi.PaxLoggingEvent;
import org.osgi.service.component.annotations.Component;

import org.vireo.api.TailRing;

/**
 * The node's recent log at WARN and above: an appender of Pax Logging (the way Karaf's {@code log:display} gets its
 * lines, but a ring of its own: nothing here reads or changes Karaf's log service or the logging configuration).
 * Karaf's {@code PaxOsgi} appender, on the root logger with filter {@code *}, hands every event the root logger
 * passes (INFO and above as shipped) to each registered {@link PaxAppender}; this one keeps the newest
 * {@value #CAPACITY} warnings and errors, copied (log4j may reuse its event objects), and drops the rest at once.
 */
@Component(service = {PaxAppender.class, NodeLog.class},
    property = PaxLoggingConstants.SERVICE_PROPERTY_APPENDER_NAME_PROPERTY + "=" + NodeLog.APPENDER)
public class NodeLog implements PaxAppender {

    static final String APPENDER = "VireoNodeLog";
    /** Lines held: a page is at most 1000; warnings come in bursts (a cluster partition, a refused file). */
    static final int CAPACITY = 1000;

    private final TailRing<LogLine> ring = new TailRing<>(CAPACITY);

    @Override
    public void doAppend(PaxLoggingEvent event) {
        LogLevel level = LogLevel.ofSyslog(event.getLevel().getSyslogEquivalent());
        if (level == null) {
            return;
        }
        ring.put(LogLine.of(ring.claim(), event.getTimeStamp(), level, event.getLoggerName(), event.getThreadName(),
            event.getProperties(), event.getRenderedMessage(), event.getThrowableStrRep()));
    }

    /** The lines at {@code least} and above, oldest first, as {@link TailRing#read} pages them. */
    public List<LogLine> read(LogLevel least, long after, int limit) {
        return ring.read(after, line -> LogLevel.valueOf(line.level()).atLeast(least), limit);
    }

    /** The number of the newest line held; 0 before the first. */
    public long last() {
        return ring.last();
    }
}
