package org.vireo.scanner.internal.policy;

import java.net.InetAddress;

/**
 * What the rules may look at in one request or tunnel, taken from the request line and the client's socket.
 *
 * @param client the client's address
 * @param method the request method, upper case ({@code GET}, {@code CONNECT}, ...)
 * @param host   the destination host, lower case, without a trailing dot (a name or an address literal)
 * @param port   the destination port
 * @param url    the absolute URL ({@code http://host/path?query}); for CONNECT {@code host:port}
 */
public record RequestFacts(InetAddress client, String method, String host, int port, String url) {
}
