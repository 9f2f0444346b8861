package org.vireo.balancer.internal.forward;

import java.util.concurrent.atomic.AtomicBoolean;

import io.netty.channel.Channel;

/** One client connection and its scanner connection: what ended; the bytes each way go to the scanner's count. */
final class Connection {

    private final Channel client;
    private final Channel scanner;
    private final Runnable onClosed;
    private final Traffic traffic;
    private final AtomicBoolean closedOnce = new AtomicBoolean();
    private volatile boolean clientEnded;
    private volatile boolean scannerEnded;

    Connection(Channel client, Channel scanner, Traffic traffic, Runnable onClosed) {
        this.traffic = traffic;
        this.client = client;
        this.scanner = scanner;
        this.onClosed = onClosed;
    }

    void count(boolean fromClient, int bytes) {
        traffic.add(fromClient, bytes);
    }

    /** The input of one side ended (its peer half-closed). */
    void end(boolean clientSide) {
        if (clientSide) {
            clientEnded = true;
        } else {
            scannerEnded = true;
        }
    }

    boolean ended(boolean clientSide) {
        return clientSide ? clientEnded : scannerEnded;
    }

    boolean bothEnded() {
        return clientEnded && scannerEnded;
    }

    void close() {
        client.close();
        scanner.close();
    }

    /** Either channel went inactive: close the other, tell the owner once. */
    void closed() {
        close();
        if (closedOnce.compareAndSet(false, true)) {
            onClosed.run();
        }
    }
}
