package org.vireo.vrrp.internal.instance;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/** Metatype of the factory PID {@code org.vireo.vrrp.instance}: one virtual router (see config/). Node-local. */
@ObjectClassDefinition(name = "Vireo VRRP instance",
    description = "One virtual router: its VRID, priority and virtual addresses. Node-local: never replicated.")
public @interface InstanceConfig {

    @AttributeDefinition(name = "Name", description = "Unique on this node: 1-32 letters, digits, '.', '_', '-'.")
    String name();

    @AttributeDefinition(name = "Interface", description = "Interface that carries the adverts and the VIPs.")
    String interfaceName() default "eth0";

    @AttributeDefinition(name = "VRID", description = "Virtual router ID, 1-255; the same on every node of this router.")
    int vrid();

    @AttributeDefinition(name = "VRRP version", options = {
        @Option(label = "VRRPv3 (RFC 5798)", value = "3"), @Option(label = "VRRPv2 (RFC 3768), IPv4 only", value = "2")})
    int version() default 3;

    @AttributeDefinition(name = "Address family", options = {
        @Option(label = "IPv4", value = "ipv4"), @Option(label = "IPv6 (VRRPv3 only)", value = "ipv6")})
    String addressFamily() default "ipv4";

    @AttributeDefinition(name = "Priority",
        description = "1-254: higher wins; 255: this node owns the virtual addresses. Scanners do not run VRRP.")
    int priority() default 100;

    @AttributeDefinition(name = "Advertisement interval (ms)",
        description = "VRRPv3: 10-40950 in steps of 10; VRRPv2: 1000-255000 in steps of 1000.")
    int advertIntervalMillis() default 1000;

    @AttributeDefinition(name = "Preempt", description = "Take mastership from a lower-priority master.")
    boolean preempt() default true;

    @AttributeDefinition(name = "Preempt delay (s)",
        description = "0-1000: how long a backup accepts a lower-priority master before it preempts it.")
    int preemptDelaySeconds() default 0;

    @AttributeDefinition(name = "Accept mode",
        description = "A non-owner master accepts packets addressed to the virtual addresses (RFC 5798 6.1).")
    boolean accept() default false;

    @AttributeDefinition(name = "Virtual addresses", description = "1-255 addresses of the address family.")
    String[] virtualAddresses();

    @AttributeDefinition(name = "Unicast peers",
        description = "Send adverts to these addresses instead of the multicast group; empty: multicast.")
    String[] unicastPeers() default {};

    @AttributeDefinition(name = "Allowed peers",
        description = "Take adverts only from these source addresses (the other routers of this VRID), multicast"
            + " too; any other is dropped and counted (NOT_A_PEER). Empty: the unicast peers if set, else anyone.")
    String[] allowedPeers() default {};

    @AttributeDefinition(name = "Virtual MAC",
        description = "Master sends from 00:00:5e:00:01:VRID (IPv6: 00:00:5e:00:02:VRID) and carries the VIPs on a"
            + " macvlan vrrp.VRID, so a failover only teaches the switches, not every client's ARP cache.")
    boolean virtualMac() default false;

    @AttributeDefinition(name = "Resign hold-off (s)",
        description = "How long vrrp:resign keeps the instance out of the election, 1-86400.")
    int resignHoldOffSeconds() default 60;

    @AttributeDefinition(name = "Readiness timeout (s)",
        description = "How long a higher-priority backup waits for this node to be ready to serve (its role's"
            + " features started, the balancer armed, the VIP announcer prepared) before it takes the VIPs from a"
            + " live master anyway, 0-3600; 0: do not wait. While the instance starts it waits as long before it"
            + " takes them with no master heard; once the node has been ready, it takes them at once then.")
    int readinessTimeoutSeconds() default 60;

    @AttributeDefinition(name = "Release hold, at most (s)",
        description = "How long a master that lets its VIPs go of its own will (stopped, resigning) may wait for the"
            + " node's pre-release hooks to end, advertising meanwhile, 0-600; 0: never wait. A crash, a preemption"
            + " and a fault never wait.")
    int releaseHoldMaxSeconds() default 10;
}
