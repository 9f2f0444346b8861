package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class InPlaceChangeTest {

    private static InstanceOptions options(String... keyValues) {
        Map<String, Object> raw = new HashMap<>(Map.of("name", "vip1", "vrid", "51", "virtualAddresses",
            "10.0.0.51", "advertIntervalMillis", "1000"));
        for (int i = 0; i < keyValues.length; i += 2) {
            raw.put(keyValues[i], keyValues[i + 1]);
        }
        return InstanceOptions.parse(raw);
    }

    /** Issue 24: what keepalived restarts for (acassen/keepalived#2609, #1425, #2159) goes on in place here. */
    @Test
    void vipsIntervalPreemptionPeersAndTimersChangeInPlace() {
        InstanceOptions was = options();
        InstanceOptions next = options("virtualAddresses", "10.0.0.51,10.0.0.52", "advertIntervalMillis", "200",
            "preempt", "false", "preemptDelaySeconds", "5", "unicastPeers", "10.0.0.2", "allowedPeers", "10.0.0.2",
            "resignHoldOffSeconds", "30", "readinessTimeoutSeconds", "0", "releaseHoldMaxSeconds", "3",
            "priority", "120");

        assertThat(InPlaceChange.restartNeededFor(was, next)).isEmpty();
        assertThat(InPlaceChange.changedKeys(was, next)).isEqualTo("priority, advertIntervalMillis, preempt,"
            + " preemptDelaySeconds, virtualAddresses, unicastPeers, allowedPeers, resignHoldOffSeconds,"
            + " readinessTimeoutSeconds, releaseHoldMaxSeconds");
    }

    /** Another virtual router, or another kind of one: the RFC leaves no way but a handover. */
    @Test
    void whatMakesAnotherVirtualRouterNeedsARestart() {
        InstanceOptions was = options();
        assertThat(InPlaceChange.restartNeededFor(was, options("vrid", "52"))).hasValue("vrid");
        assertThat(InPlaceChange.restartNeededFor(was, options("interfaceName", "eth1", "name", "other")))
            .hasValue("name, interfaceName");
        assertThat(InPlaceChange.restartNeededFor(was, options("addressFamily", "ipv6", "virtualAddresses",
            "fe80::51"))).hasValue("addressFamily");
        assertThat(InPlaceChange.restartNeededFor(was, options("version", "2"))).hasValue("version");
        assertThat(InPlaceChange.restartNeededFor(was, options("virtualMac", "true", "accept", "true")))
            .hasValue("virtualMac, accept");
        assertThat(InPlaceChange.restartNeededFor(was, options("priority", "255"))).get().asString()
            .startsWith("priority");
    }
}
