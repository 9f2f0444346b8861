package org.vireo.settings;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * Metatype of the cluster-wide PID {@code org.vireo.balancer} (config/org.vireo.balancer.cfg explains each key):
 * what ConfigurationAdmin's tools and the management API's schema show. vireo-balancer's BalancerComponent runs the
 * PID (merged with its node-local {@code org.vireo.balancer.local}); BalancerOptions' parse reads it, and takes each
 * key's name and default from here; BalancerMetatypeTest keeps the two in agreement.
 */
@ObjectClassDefinition(pid = BalancerOptions.PID, name = "Vireo balancer",
    description = "The director's layer-4 load balancer: the scanner table, its ports, how it spreads and checks."
        + " Cluster-wide: config sync replicates it to every node.")
public @interface BalancerConfig {

    @AttributeDefinition(name = "Scanners", description = "Each scanner's HTTP proxy, <IPv4>:<port> or"
        + " [<IPv6>]:<port>, then optionally weight=<0-100> and drain. Unset: none (the shipped file lists this"
        + " node's own scanner, 127.0.0.1:3128: the all-in-one appliance).", cardinality = Integer.MAX_VALUE)
    String[] scanners() default "";

    @AttributeDefinition(name = "HTTP port", description = "The HTTP proxy port clients use on the VIP.", min = "1",
        max = "65535")
    int httpPort() default 9090;

    @AttributeDefinition(name = "FTP port", description = "The FTP proxy port, forwarded to the client's scanner;"
        + " 0: off.", min = "0", max = "65535")
    int ftpPort() default 2121;

    @AttributeDefinition(name = "FTP passive ports", description = "<first>-<last>, at most 1000 ports, each"
        + " forwarded to the client's scanner; empty: none.")
    String ftpPassivePorts() default "";

    @AttributeDefinition(name = "Standalone addresses", description = "Where a node with no VRRP instance listens:"
        + " IP literals (0.0.0.0: every address; empty: nowhere).", cardinality = Integer.MAX_VALUE)
    String[] standaloneAddresses() default "0.0.0.0";

    @AttributeDefinition(name = "Bound factor", description = "No scanner gets more than this times its fair share"
        + " of the open connections: above 1, at most 10.")
    double boundFactor() default 1.25;

    @AttributeDefinition(name = "Affinity idle (s)", description = "A client's scanner is remembered until it has"
        + " opened no connection for this long.", min = "1", max = "86400")
    int affinityIdleSeconds() default 300;

    @AttributeDefinition(name = "Slow start (s)", description = "A scanner back from down ramps to its full share"
        + " over this long; 0: at once.", min = "0", max = "3600")
    int slowStartSeconds() default 30;

    @AttributeDefinition(name = "Connect timeout (ms)", description = "A connect to a scanner that takes longer"
        + " failed and is tried on another.", min = "50", max = "60000")
    int connectTimeoutMillis() default 2000;

    @AttributeDefinition(name = "Idle timeout (s)", description = "A forwarded connection with no byte either way"
        + " for this long is closed.", min = "1", max = "86400")
    int idleTimeoutSeconds() default 600;

    @AttributeDefinition(name = "Attempts", description = "Scanners tried per client connection.", min = "1",
        max = "16")
    int attempts() default 3;

    @AttributeDefinition(name = "Check interval (ms)", description = "How often each scanner's proxy port is checked.",
        min = "100", max = "3600000")
    int checkIntervalMillis() default 2000;

    @AttributeDefinition(name = "Check timeout (ms)", description = "When a check times out.", min = "10",
        max = "3600000")
    int checkTimeoutMillis() default 1000;

    @AttributeDefinition(name = "Threads", description = "Event loop threads of the forwarder; 0: one per core. At"
        + " the next start.", min = "0", max = "1024")
    int threads() default 0;

    @AttributeDefinition(name = "Transport", description = "The forwarder's sockets; one this machine cannot use"
        + " falls back to the best it can. At the next start.", options = {
            @Option(label = "auto (io_uring, else epoll, else nio)", value = "auto"),
            @Option(label = "io_uring", value = "io_uring"),
            @Option(label = "epoll", value = "epoll"),
            @Option(label = "nio", value = "nio")})
    String transport() default BalancerOptions.AUTO_TRANSPORT;

    @AttributeDefinition(name = "Zero copy (bytes)", description = "io_uring only: writes of at least this many"
        + " bytes are sent without copying; 0: off, else 4096-67108864.", min = "0", max = "67108864")
    int zeroCopyBytes() default 0;
}
