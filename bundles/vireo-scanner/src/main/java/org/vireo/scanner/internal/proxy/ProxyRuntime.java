package org.vireo.scanner.internal.proxy;

import java.util.function.Supplier;

import org.vireo.scanner.internal.policy.DestinationGuard;
import org.vireo.rules.Policy;

/**
 * What every client connection of one running proxy shares; built by {@link ProxyServer#start}.
 *
 * @param destinations the protected destinations as they are now (this node's addresses change)
 */
record ProxyRuntime(ProxyOptions options, Supplier<Policy> policy, Supplier<DestinationGuard> destinations,
                    Resolver resolver, Origins pool, ProxyAuth auth, ProxyCounters counters, AccessLog accessLog) {
}
