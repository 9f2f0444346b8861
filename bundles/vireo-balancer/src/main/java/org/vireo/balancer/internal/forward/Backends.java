package org.vireo.balancer.internal.forward;

import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.Set;

/** Where the forwarder sends a client, and what it tells back: the scheduler and scanner table behind it. */
public interface Backends {

    /** A scanner: its id in the table, where its proxy listens, and the counter of bytes forwarded to it. */
    record Backend(String id, InetSocketAddress address, Traffic traffic) {

        public Backend(String id, InetSocketAddress address) {
            this(id, address, new Traffic());
        }
    }

    /**
     * The scanner for a new connection of {@code client}, skipping {@code excluded}; empty: none can take it. The
     * connect that follows is then reported: {@link #opened}, {@link #failed}, {@link #missed} or {@link #abandoned}.
     */
    Optional<Backend> pick(String client, Set<String> excluded);

    /**
     * Whether a scanner that cannot take clients now may soon: one held down by a failed connect alone (starting,
     * restarting), which {@link #pick} offers when no other can take a client. A client that none can take then
     * waits a little and tries again rather than being closed.
     */
    default boolean mayServeSoon() {
        return false;
    }

    /**
     * The scanner of {@code client}'s open FTP control connection, unless {@code excluded}: where its FTP data
     * connections go, whatever the load bound or the age of its affinity, as that scanner listens on the passive port
     * the client was given. Empty when it has none ({@link #pick} then). Reported like a pick.
     */
    default Optional<Backend> sessionOf(String client, Set<String> excluded) {
        return Optional.empty();
    }

    /** {@code client}'s FTP control connection to {@code id} is forwarding. */
    default void sessionOpened(String client, String id) {
    }

    /** That control connection ended. */
    default void sessionClosed(String client, String id) {
    }

    /** A connection to {@code id} is established and forwarding. */
    void opened(String id);

    /** That connection ended. */
    void closed(String id);

    /** A connect to {@code id} failed (refused, timed out): passive health, it is down now. */
    void failed(String id, Throwable cause);

    /** A connect to {@code id} failed on a route that does not judge its health (the FTP ports): counted only. */
    default void missed(String id, Throwable cause) {
    }

    /** A connect to {@code id} was given up before it forwarded anything (its client went away). */
    default void abandoned(String id) {
    }
}
