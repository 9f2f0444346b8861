package org.vireo.scanner.internal.proxy;

import java.util.ArrayList;
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

    /** The field names the Connection header lists, lower-case (usually none but the options). */
    static List<String> connectionNames(HttpHeaders headers) {
        List<String> names = List.of();
        for (String connection : headers.getAll(HttpHeaderNames.CONNECTION)) {
            for (String name : connection.split(",")) {
                String n = name.trim().toLowerCase(Locale.ROOT);
                if (!n.isEmpty()) {
                    if (names.isEmpty()) {
                        names = new ArrayList<>(2);
                    }
                    names.add(n);
                }
            }
        }
        return names;
    }

    /** Removes the fixed hop-by-hop headers and every header the Connection header names. */
    static void strip(HttpHeaders headers) {
        connectionNames(headers).forEach(headers::remove);
        ALWAYS.forEach(headers::remove);
    }
}
