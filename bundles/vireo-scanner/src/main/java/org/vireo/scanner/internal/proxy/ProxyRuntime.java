package org.vireo.scanner.internal.proxy;

import java.util.function.Supplier;

import org.vireo.scanner.internal.policy.Admission;
import org.vireo.scanner.internal.policy.DestinationGuard;
import org.vireo.rules.Policy;

/**
 * What every client connection of one running proxy shares; built by {@link ProxyServer#start}.
 *
 * @param destinations the protected destinations as they are now (this node's addresses change)
 */
record ProxyRuntime(ProxyOptions options, Supplier<Policy> policy, Supplier<DestinationGuard> destinations,
                    Resolver resolver, Origins pool, ProxyAuth auth, ProxyCounters counters, AccessLog accessLog) {

    /** A request's admission, with the rule set and the protected destinations in force now. */
    Admission admission() {
        return new Admission(policy.get(), destinations.get(), options.connectPorts(), options.viaName());
    }
}
