package org.vireo.notify.internal;

import java.util.Map;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.osgi.service.event.Event;
import org.vireo.events.EventLog;
import org.vireo.events.internal.EventLogComponent;

/**
 * The node's real event log with one sink of a test on it, node {@code n1}, new for each test
 * ({@code @RegisterExtension}): what the sink tests that send to a real peer share. After each test the sink and the
 * log are stopped.
 */
public final class LiveLog implements BeforeEachCallback, AfterEachCallback {

    public EventLogComponent log;
    private LogSink sink;

    @Override
    public void beforeEach(ExtensionContext context) {
        log = new EventLogComponent();
        log.activate(Map.of());
        sink = null;
    }

    /** A sink taking the events from now on; a test's own sink before it is stopped. */
    public LogSink sink(String kind, String name, EventFilter events, Sender sender) {
        if (sink != null) {
            sink.stop();
        }
        sink = new LogSink(kind, name, events, sender, log, () -> "n1",
            fields -> log.handleEvent(new Event(LogSink.TEST_TOPIC, fields)));
        sink.start(EventLog.LIVE);
        return sink;
    }

    /** Takes an event as EventAdmin would hand it over. */
    public void post(String topic, Map<String, Object> fields) {
        log.handleEvent(new Event(topic, fields));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (sink != null) {
            sink.stop();
        }
        log.deactivate();
    }
}
