package org.vireo.rules;

import java.net.InetAddress;

/**
 * What the rules may look at in one request or tunnel, taken from the request line, the client's socket and, once
 * the host is resolved, one of its addresses.
 *
 * @param client      the client's address
 * @param method      the request method, upper case ({@code GET}, {@code CONNECT}, ...)
 * @param host        the destination host, lower case, without a trailing dot (a name or an address literal)
 * @param port        the destination port
 * @param url         the absolute URL ({@code http://host/path?query}); for CONNECT {@code host:port}
 * @param destination the address the proxy would connect to, or {@code null} while the host is not resolved yet
 */
public record RequestFacts(InetAddress client, String method, String host, int port, String url,
                           InetAddress destination) {

    /** Facts before the host is resolved. */
    public RequestFacts(InetAddress client, String method, String host, int port, String url) {
        this(client, method, host, port, url, null);
    }

    /** The same request going to {@code address}. */
    public RequestFacts to(InetAddress address) {
        return new RequestFacts(client, method, host, port, url, address);
    }
}
