package org.vireo.scanner.internal.proxy;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/** Metatype of the PID {@code org.vireo.scanner.proxy}: the scanning node's HTTP forward proxy. Node-local. */
@ObjectClassDefinition(name = "Vireo HTTP proxy",
    description = "The scanning node's filtering HTTP/1.1 forward proxy (absolute-form requests and CONNECT).")
public @interface ProxyConfig {

    @AttributeDefinition(name = "Listen address", description = "IPv4 or IPv6 literal; 0.0.0.0: all addresses.")
    String listenAddress() default "0.0.0.0";

    @AttributeDefinition(name = "Port", description = "0-65535.")
    int port() default 3128;

    @AttributeDefinition(name = "Worker threads", description = "I/O threads, 1-1024; default: the number of cores.",
        required = false)
    int workerThreads();

    @AttributeDefinition(name = "Max request line (bytes)", description = "256-1048576; longer: 414.")
    int maxInitialLineBytes() default 8192;

    @AttributeDefinition(name = "Max request head (bytes)", description = "1024-1048576; larger: 431.")
    int maxHeaderBytes() default 16_384;

    @AttributeDefinition(name = "Max header lines", description = "1-10000; more: 431.")
    int maxHeaderCount() default 100;

    @AttributeDefinition(name = "Idle timeout (ms)", description = "A connection idle between requests is closed.")
    int idleTimeoutMillis() default 60_000;

    @AttributeDefinition(name = "Request head timeout (ms)",
        description = "A request head must complete within this after its first byte; else 408 (slow loris).")
    int headerTimeoutMillis() default 10_000;

    @AttributeDefinition(name = "Origin connect timeout (ms)", description = "Else 504.")
    int connectTimeoutMillis() default 10_000;

    @AttributeDefinition(name = "Origin answer timeout (ms)",
        description = "From the end of the request to the first byte of the answer; else 504.")
    int originTimeoutMillis() default 30_000;

    @AttributeDefinition(name = "CONNECT ports", description = "Ports CONNECT tunnels may reach; others: 403.")
    String[] connectPorts() default {"443"};

    @AttributeDefinition(name = "Via name", description = "The name in Via headers and the access log; default: the"
        + " host name.", required = false)
    String viaName();

    @AttributeDefinition(name = "X-Forwarded-For", description = "Add the client's address to requests.")
    boolean xForwardedFor() default false;

    @AttributeDefinition(name = "Directors", description = "Addresses that may begin a connection with a PROXY"
        + " protocol header naming the client, besides the cluster's directors and backups (from the node registry)"
        + " and, on a director or backup, this node's loopback.", required = false)
    String[] directors();

    @AttributeDefinition(name = "Require the PROXY header", description = "A director's connection without a PROXY"
        + " header is refused (else its client is the director).")
    boolean requireProxyHeader() default true;

    @AttributeDefinition(name = "Proxy users", description = "user:sha256hex of the password; empty: no proxy"
        + " authentication.", required = false)
    String[] authUsers();

    @AttributeDefinition(name = "Idle origin connections per host", description = "Per I/O thread; 0-16384; 0: no pooling.")
    int poolMaxIdlePerHost() default 256;

    @AttributeDefinition(name = "Pooled connection idle timeout (ms)")
    int poolIdleTimeoutMillis() default 30_000;

    @AttributeDefinition(name = "DNS lookup timeout (ms)", description = "Else 502.")
    int dnsTimeoutMillis() default 5_000;

    @AttributeDefinition(name = "DNS answer cache (ms)")
    int dnsPositiveTtlMillis() default 60_000;

    @AttributeDefinition(name = "DNS failure cache (ms)")
    int dnsNegativeTtlMillis() default 5_000;

    @AttributeDefinition(name = "Private destinations", description = "allow: the proxy reaches 10/8, 172.16/12,"
        + " 192.168/16, 100.64/10 and fc00::/7 as any other address (this node, its cluster, loopback, link-local and"
        + " metadata addresses are refused whatever this says); refuse: only a rule with a destination condition"
        + " within the range reaches them.", options = {
            @Option(label = "allow", value = "allow"), @Option(label = "refuse", value = "refuse")})
    String privateDestinations() default "allow";
}
