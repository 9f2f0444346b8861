package org.vireo.notify.internal.syslog;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * Metatype of the factory PID {@code org.vireo.notify.syslog}: one syslog collector (docs/notifications.md#syslog).
 * SyslogOptions' parse takes each key's name and default from here; SyslogOptionsTest keeps the two in agreement.
 */
@ObjectClassDefinition(name = "Vireo syslog",
    description = "An RFC 5424 message to a syslog collector for each of the node's events it takes, in the event"
        + " log's order, the event's fields as structured data.")
public @interface SyslogConfig {

    @AttributeDefinition(name = "Name", description = "This sink's name (notify:list, notify:test), 1-64 letters,"
        + " digits, '.', '_' or '-'; unique among the syslog sinks.")
    String name();

    @AttributeDefinition(name = "Host", description = "The collector's host name or address.")
    String host();

    @AttributeDefinition(name = "Port", min = "0", max = "65535", description = "The collector's port; 0: the"
        + " transport's standard one (514 for udp and tcp, 6514 for tls).")
    int port() default 0;

    @AttributeDefinition(name = "Transport", description = "udp (RFC 5426), tcp (RFC 6587, octet counting) or tls"
        + " (RFC 5425).", options = {
            @Option(label = "UDP", value = "udp"), @Option(label = "TCP", value = "tcp"),
            @Option(label = "TLS", value = "tls")})
    String transport() default "udp";

    @AttributeDefinition(name = "Facility", description = "The messages' facility: kern, user, mail, daemon, auth,"
        + " syslog, lpr, news, uucp, cron, authpriv, ftp, local0 ... local7.")
    String facility() default "daemon";

    @AttributeDefinition(name = "Events", description = "The event types it sends: a type (vrrp.transition), a part"
        + " (health.*) or everything (*).")
    String[] events() default {"*"};

    @AttributeDefinition(name = "Host name", description = "The HOSTNAME of the messages; empty: the node's name.")
    String hostname() default "";

    @AttributeDefinition(name = "Structured data ID", description = "The SD-ID of the event's fields, name@PEN"
        + " (RFC 5424, 7.2.2); the default's enterprise number is the one kept for examples (RFC 5612).")
    String sdId() default "vireo@32473";

    @AttributeDefinition(name = "Timeout (s)", min = "1", max = "300", description = "How long a connection or a"
        + " write may take (tcp, tls).")
    int timeoutSeconds() default 5;

    @AttributeDefinition(name = "Retries", min = "0", max = "20", description = "Attempts after the first when the"
        + " collector cannot be reached (tcp, tls: a new connection each time).")
    int retries() default 5;

    @AttributeDefinition(name = "Retry delay (ms)", min = "10", max = "60000", description = "The wait before the"
        + " first retry; each next one waits twice as long, at most 30 s (or this delay if it is longer).")
    int retryDelayMillis() default 500;

    @AttributeDefinition(name = "Message bytes at most", min = "480", max = "65000", description = "Longer messages"
        + " are cut (UDP: one datagram each).")
    int maxMessageBytes() default 8192;

    @AttributeDefinition(name = "CA file", description = "For tls: a PEM file of the certificates to trust instead of"
        + " the JVM's; the host name is checked either way.")
    String caFile() default "";
}
