package org.vireo.scanner.internal.proxy;

import java.util.function.Supplier;

import org.vireo.scanner.internal.policy.Policy;

/** What every client connection of one running proxy shares; built by {@link ProxyServer#start}. */
record ProxyRuntime(ProxyOptions options, Supplier<Policy> policy, Resolver resolver, OriginPool pool,
                    ProxyAuth auth, ProxyCounters counters, AccessLog accessLog) {
}
