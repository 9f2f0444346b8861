package org.vireo.scanner.internal.proxy;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * What a trailer section may carry on, in both directions: only the fields whose definitions allow them in
 * trailers (RFC 9110 section 6.5.1) and that a recipient may act on after the body: the digests of the content
 * (Content-Digest and Repr-Digest, RFC 9530; Digest, RFC 3230) and Server-Timing (W3C). Everything else is dropped
 * and counted: a recipient that merges trailers into the header section (many do, against section 6.5.2) would
 * otherwise take framing (Content-Length, Transfer-Encoding, Trailer), routing (Host), credentials
 * (Authorization, Proxy-Authorization, Cookie, Set-Cookie), Content-Type or Content-Encoding, hop-by-hop fields
 * or a Connection-listed name from a trailer that the proxy's policy never saw in the head. An allow-list, not a
 * block-list: a new header that a backend trusts is not a trailer field until someone has said so.
 */
final class Trailers {

    private static final Set<String> ALLOWED = Set.of("content-digest", "repr-digest", "digest", "server-timing");

    private Trailers() {
    }

    /**
     * The last content with only the allowed trailer fields (the same object when nothing is dropped; it is
     * released when another takes its place).
     *
     * @param connectionNames the names the message's Connection header listed: never forwarded
     */
    static LastHttpContent filter(LastHttpContent last, List<String> connectionNames, ProxyCounters counters) {
        HttpHeaders trailers = last.trailingHeaders();
        if (trailers.isEmpty()) {
            return last;
        }
        LastHttpContent kept = new DefaultLastHttpContent(last.content().retain());
        int dropped = 0;
        for (Map.Entry<String, String> field : trailers) {
            String name = field.getKey().toLowerCase(Locale.ROOT);
            if (ALLOWED.contains(name) && !connectionNames.contains(name)) {
                kept.trailingHeaders().add(field.getKey(), field.getValue());
            } else {
                dropped++;
            }
        }
        if (dropped == 0) {
            kept.release();
            return last;
        }
        counters.trailerFieldsDropped(dropped);
        last.release();
        return kept;
    }
}
