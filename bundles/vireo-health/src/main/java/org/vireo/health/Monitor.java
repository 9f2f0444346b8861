package org.vireo.health;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.vireo.settings.MonitorOptions;

/**
 * One configured health check (factory PID {@value #FACTORY_PID}), run on the bundle's shared scheduler.
 * Registered with the service property {@value #NAME_PROPERTY} = its name.
 */
public interface Monitor {

    /** The monitors' configurations are parsed where every node validates them (vireo-settings). */
    String FACTORY_PID = MonitorOptions.FACTORY_PID;
    String NAME_PROPERTY = "health.monitor";
    /**
     * EventAdmin topic of a configured monitor's health changes (the event log's {@code health.monitor}); properties:
     * monitor, type, target, from, to ({@link Health} names), detail (what its last check saw).
     */
    String HEALTH_TOPIC = "org/vireo/health/MONITOR";

    String name();

    MonitorStatus status();

    /**
     * Calls {@code changed} (on a scheduler thread; it must not block) each time the monitor's {@link Health}
     * changes. Returns a handle that stops the calls.
     */
    AutoCloseable watch(Consumer<MonitorStatus> changed);

    /** The configuration in effect, key -> value, for the operator ({@code health:show}); empty if not known. */
    default Map<String, String> settings() {
        return Map.of();
    }

    /** What the operator should know that the status does not say (a refused configuration change, ...). */
    default List<String> warnings() {
        return List.of();
    }
}
