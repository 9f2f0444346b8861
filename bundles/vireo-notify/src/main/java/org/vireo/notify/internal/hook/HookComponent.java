package org.vireo.notify.internal.hook;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.events.EventLog;
import org.vireo.node.NodeIdentity;
import org.vireo.notify.NotifySink;
import org.vireo.notify.SinkStatus;

/**
 * One hook ({@code etc/org.vireo.notify.hook-<name>.cfg}), a {@link NotifySink} service. A refused configuration is
 * logged and shown by {@code notify:list}: at the start nothing runs, later the hook goes on as it was configured.
 */
@Component(service = NotifySink.class, configurationPid = HookOptions.FACTORY_PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true) // runs from the start, for every event
@Designate(ocd = HookConfig.class, factory = true)
public class HookComponent implements NotifySink {

    private static final Logger LOG = LoggerFactory.getLogger(HookComponent.class);

    @Reference
    private EventLog log;

    @Reference
    private NodeIdentity identity;

    @Reference
    private EventAdmin eventAdmin;

    private final HookRunner runner = new HookRunner();
    private volatile HookSink sink;
    private volatile String refused = "";
    private volatile String label;

    @Activate
    void activate(Map<String, Object> properties) {
        // a refused configuration's hook is shown by the name it gives, else by its PID
        Object named = properties.get(HookOptions.NAME.key());
        label = named instanceof String n && !n.isBlank() ? n.strip()
            : String.valueOf(properties.getOrDefault("service.pid", HookOptions.FACTORY_PID));
        try {
            sink = started(HookOptions.parse(properties), null);
        } catch (IllegalArgumentException e) {
            refused = e.getMessage();
            LOG.error("{}; this hook does not run until it is fixed", e.getMessage());
        }
    }

    @Modified
    void modified(Map<String, Object> properties) {
        HookOptions next;
        try {
            next = HookOptions.parse(properties);
        } catch (IllegalArgumentException e) {
            refused = e.getMessage();
            LOG.error("{}; {}", e.getMessage(), sink == null ? "this hook does not run until it is fixed"
                : "hook " + sink.name() + " goes on as it was configured");
            return;
        }
        refused = "";
        sink = started(next, sink);
    }

    @Deactivate
    void deactivate() {
        if (sink != null) {
            sink.stop();
        }
    }

    /**
     * A sink for {@code options}, taking the events from now on, or, in place of {@code previous}, from where it
     * stopped once its run under way has ended: no event is missed or run twice across the change, and two runs of
     * one hook never overlap.
     */
    private HookSink started(HookOptions options, HookSink previous) {
        HookSink started = new HookSink(options, log, identity::name,
            fields -> eventAdmin.sendEvent(new Event(HookSink.TEST_TOPIC, fields)), runner);
        if (previous == null) {
            started.start(EventLog.LIVE);
        } else {
            previous.stop().thenAccept(started::start);
        }
        LOG.info("hook {} runs {} for {} (timeout {} ms)", options.name(),
            String.join(" ", HookInvocation.commandLine(options)), options.events(), options.timeoutMillis());
        return started;
    }

    @Override
    public String kind() {
        return "hook";
    }

    @Override
    public String name() {
        HookSink s = sink;
        return s != null ? s.name() : label;
    }

    @Override
    public SinkStatus status() {
        HookSink s = sink;
        if (s == null) {
            return new SinkStatus("", "", 0, 0, 0, 0, "", "", null, refused);
        }
        SinkStatus running = s.status();
        return refused.isEmpty() ? running : new SinkStatus(running.target(), running.events(), running.sent(),
            running.failed(), running.queued(), running.lost(), running.lastOutcome(), running.lastError(),
            running.lastErrorAt(), "its last configuration is refused: " + refused);
    }

    @Override
    public CompletableFuture<String> test() {
        HookSink s = sink;
        return s != null ? s.test()
            : CompletableFuture.completedFuture("not run: its configuration is refused: " + refused);
    }
}
