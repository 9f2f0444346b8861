package org.vireo.scanner;

import java.util.function.Consumer;

/**
 * A scanning node's load, measured every second: published as a service by the scanner, carried to every node by
 * config sync, read by the director's balancer.
 */
public interface LoadReport {

    /** The latest sample. */
    LoadSample current();

    /** Calls {@code listener} with every new sample (on the reporter's thread) until the handle is closed. */
    AutoCloseable watch(Consumer<LoadSample> listener);
}
