package org.vireo.srv.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Metatype of the PID {@code org.vireo.srv}: what srv:resolve and srv:connect use unless told otherwise. Node-local. */
@ObjectClassDefinition(name = "Vireo SRV client defaults",
    description = "How srv:resolve and srv:connect resolve and try a server address; their options override these.")
public @interface SrvConfig {

    @AttributeDefinition(name = "DNS servers", description = "IP[:port] (port 53 when none); empty: the system's"
        + " resolvers from /etc/resolv.conf.", required = false)
    String[] dnsServers();

    @AttributeDefinition(name = "Service", description = "The SRV service and protocol labels, _<name>._tcp or"
        + " _<name>._udp, e.g. _ideco-client._tcp.")
    String service() default "_vireo-proxy._tcp";

    @AttributeDefinition(name = "Default port", description = "1-65535: for IP literals and names without a port or"
        + " SRV records.")
    int defaultPort() default 443;

    @AttributeDefinition(name = "DNS timeout (ms)", description = "Per query and server, 10-60000.")
    int timeoutMillis() default 2000;

    @AttributeDefinition(name = "DNS retries", description = "Further tries per server after a timeout, 0-10.")
    int retries() default 1;

    @AttributeDefinition(name = "TCP fallback", description = "Ask again over TCP when an answer comes back"
        + " truncated.")
    boolean tcpFallback() default true;

    @AttributeDefinition(name = "Scheme", description = "http or https.")
    String scheme() default "https";

    @AttributeDefinition(name = "Path", description = "The login endpoint each candidate is asked for, e.g. /.")
    String path() default "/";

    @AttributeDefinition(name = "Connect timeout (ms)", description = "Per connection, 10-60000.")
    int connectTimeoutMillis() default 2000;

    @AttributeDefinition(name = "Request timeout (ms)", description = "Per request, each redirect on its own,"
        + " 10-600000.")
    int requestTimeoutMillis() default 10_000;

    @AttributeDefinition(name = "Stagger (ms)", description = "RFC 8305's connection attempt delay: start the next"
        + " address (of the candidate, then of the next candidate) when the current one has not answered after this"
        + " long, 0-60000; 0: one after the other.")
    int staggerMillis() default 250;

    @AttributeDefinition(name = "Resolution delay (ms)", description = "RFC 8305's resolution delay: how long a"
        + " target's A answer waits for its AAAA answer before its IPv4 addresses are tried, 0-2000.")
    int resolutionDelayMillis() default 50;

    @AttributeDefinition(name = "Trusted CA certificates", description = "A PEM file that HTTPS endpoints are checked"
        + " against (e.g. the cluster CA's ca.crt); empty: the JDK's trusted CAs.", required = false)
    String trustFile();
}
