package org.vireo.events.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.event.Event;
import org.osgi.service.event.EventConstants;
import org.osgi.service.event.EventHandler;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.events.EventLog;
import org.vireo.events.EventSubscriber;
import org.vireo.events.NodeEvent;
import org.vireo.events.Subscription;

/**
 * The node's {@link EventLog}, fed by one EventAdmin handler for every Vireo topic: EventAdmin alone gives no order
 * across the threads that post, the log's number does. Each subscription gets a thread of its own. A refused
 * configuration keeps the one in force (at the start: the defaults) and says why.
 */
@Component(service = {EventLog.class, EventHandler.class}, configurationPid = EventLog.PID,
    configurationPolicy = ConfigurationPolicy.OPTIONAL, immediate = true, // takes events from the start
    property = EventConstants.EVENT_TOPIC + "=" + EventLog.TOPICS)
@Designate(ocd = EventsConfig.class)
public class EventLogComponent implements EventLog, EventHandler {

    private static final Logger LOG = LoggerFactory.getLogger(EventLogComponent.class);

    private final Supplier<Instant> clock;
    private final AtomicLong threads = new AtomicLong();
    private volatile EventRing ring;

    public EventLogComponent() {
        this(Instant::now);
    }

    EventLogComponent(Supplier<Instant> clock) {
        this.clock = clock;
    }

    /** Public, as {@link #deactivate}: the notification sinks' tests run the real log (this package is not exported). */
    @Activate
    public void activate(Map<String, Object> properties) {
        EventsOptions options;
        try {
            options = EventsOptions.parse(configuration(properties));
        } catch (IllegalArgumentException e) {
            LOG.error("{}; the event log uses the defaults until it is fixed", e.getMessage());
            options = EventsOptions.DEFAULTS;
        }
        ring = new EventRing(clock, options);
    }

    @Modified
    void modified(Map<String, Object> properties) {
        try {
            ring.configure(EventsOptions.parse(configuration(properties)));
        } catch (IllegalArgumentException e) {
            LOG.error("{}; the event log keeps the settings it had", e.getMessage());
        }
    }

    @Deactivate
    public void deactivate() {
        ring.endAll("the event log stopped");
    }

    /**
     * The operator's configuration: DS hands the component its own properties too, and the handler's topic
     * ({@value EventConstants#EVENT_TOPIC}) is not a key of {@value EventLog#PID} (read as one, it made the PID look
     * garbled at every start).
     */
    static Map<String, Object> configuration(Map<String, Object> properties) {
        Map<String, Object> own = new java.util.HashMap<>(properties);
        own.remove(EventConstants.EVENT_TOPIC);
        return own;
    }

    @Override
    public void handleEvent(Event event) {
        ring.append(EventFields.type(event.getTopic()), EventFields.of(event));
    }

    @Override
    public long lastSequence() {
        return ring.lastSequence();
    }

    @Override
    public List<NodeEvent> read(long after, int limit) {
        if (after < 0 || limit < 0) {
            throw new IllegalArgumentException("after = " + after + ", limit = " + limit + ": expected 0 or more");
        }
        return ring.read(after, limit);
    }

    @Override
    public List<NodeEvent> latest(int limit) {
        return ring.latest(Math.max(0, limit));
    }

    @Override
    public Subscription subscribe(String name, long after, Duration idle, EventSubscriber subscriber) {
        if (after < LIVE) {
            throw new IllegalArgumentException("after = " + after + ": expected a sequence number, 0, or LIVE (-1)");
        }
        return new Delivery(name, subscriber, idle, ring).start(after, this::thread);
    }

    private Thread thread(Runnable delivery) {
        Thread t = new Thread(delivery, "vireo-events-" + threads.incrementAndGet());
        t.setDaemon(true);
        return t;
    }
}
