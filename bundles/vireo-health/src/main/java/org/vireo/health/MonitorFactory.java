package org.vireo.health;

import java.util.Map;

/**
 * Starts monitors for another bundle (the balancer checks each scanner of its table), without a configuration
 * of their own: they run on the same scheduler, are listed by {@code health:list} like configured ones, and
 * take their name from the same namespace (a name in use is refused).
 */
public interface MonitorFactory {

    /**
     * Starts a monitor from the keys of a monitor configuration ({@code name}, {@code type}, {@code host},
     * {@code port}, {@code intervalMillis}, ...). Closing the returned monitor stops it and frees its name.
     *
     * @param owner who asked, for messages ({@code balancer})
     * @throws IllegalArgumentException a bad key or value, or the name is taken: nothing runs
     */
    OwnedMonitor start(String owner, Map<String, ?> settings);

    /** A monitor started through {@link #start}; {@link #close()} stops it. */
    interface OwnedMonitor extends Monitor, AutoCloseable {
        @Override
        void close();
    }
}
