package org.vireo.scanner.internal.proxy;

import java.time.Instant;

/** One request or tunnel as the access log records it; owned by one I/O thread. */
final class Exchange {

    final Instant start;
    final long startNanos;
    final String client;
    final String method;
    String target = "-";
    int status;
    long bytesUp;
    long bytesDown;
    String rule;
    /** Why the proxy refused the message, or null. */
    RequestRefusal refusal;
    boolean logged;

    Exchange(Instant start, long startNanos, String client, String method) {
        this.start = start;
        this.startNanos = startNanos;
        this.client = client;
        this.method = method;
    }
}
