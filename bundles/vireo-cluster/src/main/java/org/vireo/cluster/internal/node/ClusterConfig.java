package org.vireo.cluster.internal.node;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Metatype of the node-local PID {@code org.vireo.cluster} (config/org.vireo.cluster.cfg explains each key), read by
 * two parses, config sync's (SyncOptions) and the channel's (ChannelSettings); ClusterMetatypeTest keeps the three in
 * agreement. Bounds that depend on another key (a failure timeout of at least two heartbeats) are in the
 * descriptions only: the metatype's min and max are for one key alone. Public because ChannelSettings, in another
 * package, takes its keys and defaults from here (Setting); the package is not exported.
 */
@ObjectClassDefinition(pid = SyncOptions.PID, name = "Vireo cluster membership",
    description = "This node's membership in the cluster (config sync and the node registry). Node-local: never"
        + " replicated; a change makes the node leave and rejoin.")
public @interface ClusterConfig {

    @AttributeDefinition(name = "Cluster name", description = "Members only join a cluster of the same name: 1-63"
        + " letters, digits, '.', '_' or '-'.")
    String clusterName() default "vireo";

    @AttributeDefinition(name = "Bind address", description = "IPv4 or IPv6 literal the cluster channel listens on;"
        + " empty: the cluster is off and this node runs alone.")
    String bindAddress() default "";

    @AttributeDefinition(name = "Bind port", description = "TCP port of the cluster channel (mutual TLS).", min = "1",
        max = "65535")
    int bindPort() default 7800;

    @AttributeDefinition(name = "Members", description = "The members to contact, host[:port] (port: the bind"
        + " port); this node may be listed too.", cardinality = Integer.MAX_VALUE)
    String[] members() default "";

    @AttributeDefinition(name = "Multicast discovery", description = "Also find members by IP multicast (MPING).")
    boolean multicastDiscovery() default false;

    @AttributeDefinition(name = "Keystore", description = "This node's key and certificate with the cluster CA"
        + " (cluster:issue-cert); also the trust store unless one is set.")
    String keystore() default "${karaf.etc}/vireo/cluster/node.p12";

    @AttributeDefinition(name = "Keystore password", description = "Needed once a bind address is set.",
        type = AttributeType.PASSWORD)
    String keystorePassword() default "";

    @AttributeDefinition(name = "Trust store", description = "Unset: the keystore.", required = false)
    String truststore();

    @AttributeDefinition(name = "Trust store password", description = "Unset: the keystore's password.",
        type = AttributeType.PASSWORD, required = false)
    String truststorePassword();

    @AttributeDefinition(name = "Replicated PIDs", description = "Which configurations are cluster-wide: PID globs."
        + " Node-local PIDs are never replicated.", cardinality = Integer.MAX_VALUE)
    String[] replicatedPids() default {"org.vireo.balancer", "org.vireo.scanner.rules", "org.vireo.health.monitor~*",
        "org.vireo.srv.redirect", "org.vireo.srv.dns"};

    @AttributeDefinition(name = "Replicated files", description = "Which policy files are cluster-wide: globs"
        + " relative to etc/, without '..', no .cfg files.", cardinality = Integer.MAX_VALUE)
    String[] replicatedFiles() default {"vireo/rules.conf", "vireo/*.txt", "vireo/lists/*.txt"};

    @AttributeDefinition(name = "State directory", description = "Where each document's versions, history and lost"
        + " edits are kept: an absolute path, or one starting with ${karaf.etc}.")
    String stateDir() default "${karaf.etc}/vireo/cluster/state";

    @AttributeDefinition(name = "Anti-entropy (s)", description = "Digests are compared with the coordinator at"
        + " every view change and this often.", min = "1", max = "3600")
    int antiEntropySeconds() default 30;

    @AttributeDefinition(name = "Report interval (ms)", description = "This node reports its role, VRRP states and"
        + " load this often: 100-10000.")
    int reportMillis() default 1000;

    @AttributeDefinition(name = "Stale after (ms)", description = "A node silent this long is stale: 300-60000, at"
        + " least twice the report interval.")
    int staleAfterMillis() default 2500;

    @AttributeDefinition(name = "Largest clock lead (ms)", description = "A member's version stamped further ahead"
        + " of this node's clock than this is refused.", min = "1000", max = "86400000")
    int maxClockAheadMillis() default 60_000;

    @AttributeDefinition(name = "Join timeout (ms)", min = "100", max = "60000")
    int joinTimeoutMillis() default 3000;

    @AttributeDefinition(name = "Heartbeat interval (ms)", description = "50-60000.")
    int heartbeatIntervalMillis() default 500;

    @AttributeDefinition(name = "Failure timeout (ms)", description = "A member silent this long is suspected:"
        + " 100-600000, at least twice the heartbeat interval.")
    int failureTimeoutMillis() default 2500;

    @AttributeDefinition(name = "Verify suspect (ms)", min = "50", max = "60000")
    int verifySuspectMillis() default 1000;

    @AttributeDefinition(name = "Merge interval, least (ms)", description = "100-600000, below the largest.")
    int mergeMinIntervalMillis() default 2000;

    @AttributeDefinition(name = "Merge interval, largest (ms)", description = "100-600000, above the least.")
    int mergeMaxIntervalMillis() default 4000;

    @AttributeDefinition(name = "Advertised address", description = "The address other members reach this node at"
        + " (behind NAT); empty: the bind address.")
    String advertisedAddress() default "";

    @AttributeDefinition(name = "Advertised port", description = "0: the bind port.", min = "0", max = "65535")
    int advertisedPort() default 0;
}
