package org.vireo.srv;

import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A host's addresses of one family, asked without waiting: a client asks AAAA and A at once (RFC 8305 3). */
@FunctionalInterface
public interface AddressLookup {

    /** The AAAA ({@code ipv6}) or A addresses of {@code host}; none (never a failure) when the query fails. */
    CompletableFuture<List<InetAddress>> lookup(String host, boolean ipv6);
}
