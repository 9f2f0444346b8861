package org.vireo.scanner.internal.ftp;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Metatype of the PID {@code org.vireo.scanner.ftp}: the scanning node's FTP proxy. Node-local. Its passive data
 * ports are the balancer's {@code ftpPassivePorts} (org.vireo.balancer, cluster-wide): one setting for the director
 * that forwards them and the scanner that listens on them.
 */
@ObjectClassDefinition(name = "Vireo FTP proxy",
    description = "The scanning node's filtering FTP proxy: clients log in as USER name@host[:port].")
public @interface FtpConfig {

    @AttributeDefinition(name = "Listen address", description = "IPv4 or IPv6 literal; 0.0.0.0: all addresses."
        + " The control port and the passive data ports listen here.")
    String listenAddress() default "0.0.0.0";

    @AttributeDefinition(name = "Port", description = "The control port, 1-65535; 0: off. Behind a director, the"
        + " balancer's ftpPort, which it forwards to the same port of the scanner.")
    int port() default 2121;

    @AttributeDefinition(name = "Login timeout (s)", description = "A client not logged in this long after it"
        + " connected is disconnected (421). 1-3600.")
    int loginTimeoutSeconds() default 60;

    @AttributeDefinition(name = "Idle timeout (s)", description = "A session with no command and no transfer for"
        + " this long ends (421). 1-86400.")
    int idleTimeoutSeconds() default 300;

    @AttributeDefinition(name = "Data timeout (s)", description = "A data connection must be made, and a transfer"
        + " must move bytes, within this. 1-3600.")
    int dataTimeoutSeconds() default 30;

    @AttributeDefinition(name = "Server connect timeout (ms)", description = "A connect to the FTP server (control"
        + " or data) that takes longer failed. 10-600000.")
    int connectTimeoutMillis() default 10_000;
}
