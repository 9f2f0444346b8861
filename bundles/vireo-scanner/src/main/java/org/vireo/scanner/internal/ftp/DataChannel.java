package org.vireo.scanner.internal.ftp;

import io.netty.channel.Channel;

import org.vireo.scanner.internal.proxy.Relay;

/**
 * A data connection and the relay it was made with: the relay holds what comes until the other side is there, and
 * is kept here because a channel that closes early loses its pipeline.
 */
record DataChannel(Channel channel, Relay relay) {

    /** Closed, with whatever its relay held. */
    void close() {
        channel.close();
        relay.discard();
    }
}
