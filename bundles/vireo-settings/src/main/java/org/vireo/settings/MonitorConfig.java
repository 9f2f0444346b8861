package org.vireo.settings;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * Metatype of the factory PID {@code org.vireo.health.monitor}: one health check (docs/health.md), run by
 * vireo-health's MonitorComponent. Cluster-wide by default (config sync replicates {@code org.vireo.health.monitor~*}).
 * MonitorOptions' parse reads it, and takes each key's name and default from here; MonitorMetatypeTest keeps the two
 * in agreement. It designates the factory PID itself: bnd writes a component's {@code @Designate} only for an OCD in
 * the component's own bundle.
 */
@ObjectClassDefinition(factoryPid = MonitorOptions.FACTORY_PID, name = "Vireo health monitor",
    description = "One health check (TCP connect, HTTP(S) GET, link state or a command) with rise and fall.")
public @interface MonitorConfig {

    @AttributeDefinition(name = "Name", description = "Unique on this node: 1-64 letters, digits, '.', '_', '-'.")
    String name();

    @AttributeDefinition(name = "Type", options = {
        @Option(label = "TCP connect", value = "tcp"), @Option(label = "HTTP(S) GET", value = "http"),
        @Option(label = "Interface link state", value = "link"), @Option(label = "Command exit code", value = "command")})
    String type();

    @AttributeDefinition(name = "Host", required = false, description = "tcp: host name or IP address.")
    String host();

    @AttributeDefinition(name = "Port", required = false, description = "tcp: 1-65535.")
    int port();

    @AttributeDefinition(name = "URL", required = false, description = "http: an http:// or https:// URL.")
    String url();

    @AttributeDefinition(name = "Expected status", required = false,
        description = "http: codes and ranges, such as 200,204,300-399. Redirects are not followed.")
    String[] expectStatus() default {"200-399"};

    @AttributeDefinition(name = "Body match", required = false,
        description = "http: a Java regular expression found anywhere in the first 64 KiB of the body; empty: none.")
    String bodyMatch();

    @AttributeDefinition(name = "Verify TLS", required = false,
        description = "https: verify the certificate and host name; false accepts any (self-signed origins).")
    boolean tlsVerify() default true;

    @AttributeDefinition(name = "Interface", required = false,
        description = "link: the interface; up = admin up, carrier, operationally up.")
    String interface$();

    @AttributeDefinition(name = "Command", required = false,
        description = "command: the program and its arguments, run without a shell; exit 0 passes.")
    String[] command();

    @AttributeDefinition(name = "Interval (ms)", description = "Between the starts of two checks, 100-3600000.")
    int intervalMillis() default 2000;

    @AttributeDefinition(name = "Timeout (ms)", description = "A check that takes longer fails; at most the interval.")
    int timeoutMillis() default 1000;

    @AttributeDefinition(name = "Rise", description = "Successes in a row that make the monitor UP, 1-100.")
    int rise() default 2;

    @AttributeDefinition(name = "Fall", description = "Failures in a row that make an UP monitor DOWN, 1-100.")
    int fall() default 3;
}
