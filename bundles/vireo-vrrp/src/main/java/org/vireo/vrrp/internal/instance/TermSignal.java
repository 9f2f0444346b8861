package org.vireo.vrrp.internal.instance;

import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Runs a task when a signal (SIGTERM in Vireo) arrives, before the handler it replaced, to which it then hands
 * the signal. Karaf's TERM handler stops the framework bundle by bundle, and the JVM's shutdown hooks run only
 * once that is done, so a master's priority-0 advert left 20 ms (idle JVM) to 90 ms (busy) after the signal;
 * keepalived sends it at once. Once {@link #uninstall}ed it only passes the signal on.
 */
final class TermSignal implements SignalHandler {

    private static final Logger LOG = LoggerFactory.getLogger(TermSignal.class);

    private final Signal signal;
    private final Runnable first;
    private volatile SignalHandler previous;
    private volatile boolean active = true;

    private TermSignal(Signal signal, Runnable first) {
        this.signal = signal;
        this.first = first;
    }

    /** Puts {@code first} in front of the signal's handler; empty (and a warning) if the JVM does not allow it. */
    static Optional<TermSignal> install(String signalName, Runnable first) {
        try {
            Signal signal = new Signal(signalName);
            TermSignal handler = new TermSignal(signal, first);
            handler.previous = Signal.handle(signal, handler);
            return Optional.of(handler);
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            // e.g. -Xrs, or the signal is the JVM's own
            LOG.warn("cannot handle SIG{} ({}): a master leaves the VRRP election only when its bundle stops",
                signalName, e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public void handle(Signal received) {
        if (active) {
            try {
                first.run();
            } catch (RuntimeException e) {
                LOG.error("handling SIG{}", received.getName(), e);
            }
        }
        SignalHandler next = previous;
        if (next == SignalHandler.SIG_DFL) { // the default action (termination): put it back and raise again
            Signal.handle(signal, SignalHandler.SIG_DFL);
            Signal.raise(signal);
        } else if (next != SignalHandler.SIG_IGN) {
            next.handle(received);
        }
    }

    /** Gives the signal back to the handler this one replaced, unless another was put in front meanwhile. */
    void uninstall() {
        active = false;
        SignalHandler current = Signal.handle(signal, previous);
        if (current != this) {
            Signal.handle(signal, current); // someone chained after us: theirs stays, this one only passes on
        }
    }
}
