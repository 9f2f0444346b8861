package org.vireo.scanner.internal.proxy;

import java.util.List;
import java.util.Locale;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;

/** RFC 9110 section 7.6.1: headers that belong to one connection and must not be forwarded. */
final class HopByHop {

    private static final List<CharSequence> ALWAYS = List.of(HttpHeaderNames.CONNECTION, HttpHeaderNames.KEEP_ALIVE,
        HttpHeaderNames.PROXY_CONNECTION, HttpHeaderNames.TE, HttpHeaderNames.TRAILER,
        HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderNames.UPGRADE, HttpHeaderNames.PROXY_AUTHORIZATION,
        HttpHeaderNames.PROXY_AUTHENTICATE);

    private HopByHop() {
    }

    /** Removes the fixed hop-by-hop headers and every header the Connection header names. */
    static void strip(HttpHeaders headers) {
        for (String connection : headers.getAll(HttpHeaderNames.CONNECTION)) {
            for (String name : connection.split(",")) {
                String n = name.trim().toLowerCase(Locale.ROOT);
                if (!n.isEmpty()) {
                    headers.remove(n);
                }
            }
        }
        ALWAYS.forEach(headers::remove);
    }
}
