package org.vireo.scanner.internal.load;

/** The proxy's load: client connections open now, requests and tunnels started during the last second. */
record ProxyTraffic(long activeConnections, long requestsLastSecond) {
}
