package org.vireo.settings;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Metatype of the PID {@code org.vireo.srv.dns}: the dynamic SRV responder, cluster-wide (every member must give the
 * same answer for the same registry, so everything that shapes an answer is here, replicated by config sync).
 * vireo-srv's DnsComponent runs it, merged with {@link DnsLocalConfig}'s PID; DnsOptions' parse reads it, and takes
 * each key's name and default from here; DnsMetatypeTest keeps the two in agreement.
 */
@ObjectClassDefinition(pid = DnsOptions.PID, name = "Vireo dynamic SRV responder",
    description = "An authoritative DNS server for one zone on each node: SRV records of the healthy nodes offering"
        + " each service, weighted by their load. Cluster-wide: replicated by config sync.")
public @interface DnsConfig {

    @AttributeDefinition(name = "Enabled", description = "The responder listens (UDP and TCP).")
    boolean enabled() default false;

    @AttributeDefinition(name = "Port", description = "1-65535, the same on every node; 53 for a delegated zone.")
    int port() default 53;

    @AttributeDefinition(name = "Zone", description = "The zone answered, e.g. vpn.example.com; required when enabled.",
        required = false)
    String zone();

    @AttributeDefinition(name = "Services", description = "Registry service names answered as _<service>._tcp.<zone>"
        + " (1-62 letters, digits or '-').", cardinality = 64)
    String[] services() default {"vireo-proxy"};

    @AttributeDefinition(name = "Priority", description = "0-65535: the SRV priority of a node no rule below names"
        + " (lower is tried first).")
    int priority() default 10;

    @AttributeDefinition(name = "Role priorities", description = "role=priority (director, backup, scanner): the"
        + " priority of the nodes in that role.", cardinality = 16, required = false)
    String[] rolePriorities();

    @AttributeDefinition(name = "Node priorities", description = "node=priority: one node's priority (before its"
        + " role's).", cardinality = 1024, required = false)
    String[] nodePriorities();

    @AttributeDefinition(name = "TTL (s)", description = "1-3600: the TTL of every record answered.")
    int ttl() default 5;

    @AttributeDefinition(name = "Negative TTL (s)", description = "0-3600: how long a resolver keeps a negative"
        + " answer (the SOA minimum, RFC 2308).")
    int negativeTtl() default 5;

    @AttributeDefinition(name = "Name servers", description = "The zone's NS names: a node name (<node>.<zone>) or an"
        + " absolute name ending in '.'; empty: every healthy node whose responder runs.", cardinality = 64,
        required = false)
    String[] nameServers();

    @AttributeDefinition(name = "Contact", description = "The SOA's responsible mailbox as a name: relative to the"
        + " zone, or absolute ending in '.'.")
    String contact() default "hostmaster";

    @AttributeDefinition(name = "Connections at full load",
        description = "Open client connections that weigh as much as a full CPU in the load score (SRV weights).")
    int connectionsAtFullLoad() default 1000;

    @AttributeDefinition(name = "Max UDP payload", description = "512-4096 bytes: the EDNS(0) payload this responder"
        + " offers; a UDP answer longer than the client's is truncated (TC) for a retry over TCP.")
    int maxUdpPayload() default 1232;

    @AttributeDefinition(name = "Rate limit", description = "0-100000 queries per second from one client address"
        + " (UDP and TCP); more are dropped; 0: no limit.")
    int rateLimit() default 100;

    @AttributeDefinition(name = "Rate burst", description = "1-1000000 queries one client may send at once above the"
        + " rate.")
    int rateBurst() default 200;
}
