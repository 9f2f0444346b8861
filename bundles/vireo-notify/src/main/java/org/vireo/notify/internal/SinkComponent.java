package org.vireo.notify.internal;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;
import org.vireo.events.EventLog;
import org.vireo.node.NodeIdentity;
import org.vireo.notify.NotifySink;
import org.vireo.notify.SinkStatus;

/**
 * What every kind of sink's component does (a hook's, a webhook's): one per factory configuration, a
 * {@link NotifySink} service, its sink made and remade by a {@link ConfiguredSink}. The subclass gives what its kind
 * is made of and carries the DS annotations of its PID (bnd reads these inherited members: {@code -dsannotations-options:
 * inherit}).
 *
 * @param <O> the kind's options
 */
public abstract class SinkComponent<O> implements NotifySink {

    // protected: SCR injects a superclass's field only if the subclass could reach it
    @Reference
    protected EventLog log;

    @Reference
    protected NodeIdentity identity;

    @Reference
    protected EventAdmin eventAdmin;

    private final ConfiguredSink.Kind<O> kind;
    private ConfiguredSink<O> sink;

    protected SinkComponent(ConfiguredSink.Kind<O> kind) {
        this.kind = kind;
    }

    @Activate
    protected void activate(Map<String, Object> properties) {
        sink = new ConfiguredSink<>(kind, log, identity::name,
            (topic, fields) -> eventAdmin.sendEvent(new Event(topic, fields)));
        sink.configure(properties);
    }

    @Modified
    protected void modified(Map<String, Object> properties) {
        sink.configure(properties);
    }

    @Deactivate
    protected void deactivate() {
        sink.stop();
    }

    /** The options it runs with; empty while no configuration of it was accepted. */
    protected Optional<O> options() {
        return sink.options();
    }

    @Override
    public String kind() {
        return kind.kind();
    }

    @Override
    public String name() {
        return sink.name();
    }

    @Override
    public SinkStatus status() {
        return sink.status();
    }

    @Override
    public CompletableFuture<String> test() {
        return sink.test();
    }
}
