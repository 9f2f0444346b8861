package org.vireo.snmp.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Metatype of the PID {@code org.vireo.notify.snmp.agent}: the node's read-only SNMP agent
 * (docs/notifications.md#the-vrrpv3-mib-agent). AgentOptions' parse takes each key's name and default from here;
 * AgentOptionsTest keeps the two in agreement.
 */
@ObjectClassDefinition(name = "Vireo SNMP agent",
    description = "A read-only SNMP agent serving the VRRPv3-MIB (RFC 6527) of this node's VRRP instances and the"
        + " SNMPv2-MIB system group, to SNMPv2c (a community) and/or SNMPv3 (one user, authPriv) managers.")
public @interface AgentConfig {

    @AttributeDefinition(name = "Enabled", description = "Whether the agent listens.")
    boolean enabled() default false;

    @AttributeDefinition(name = "Address", description = "The local address it listens on (UDP).")
    String address() default "127.0.0.1";

    @AttributeDefinition(name = "Port", min = "1", max = "65535", description = "Its UDP port; below 1024 the node's"
        + " process needs root or CAP_NET_BIND_SERVICE.")
    int port() default 161;

    @AttributeDefinition(name = "Community", type = AttributeType.PASSWORD, description = "SNMPv2c: the community"
        + " it answers, 1-64 printable characters; empty: no SNMPv2c.")
    String community() default "";

    @AttributeDefinition(name = "User", description = "SNMPv3: the user it answers (authPriv only); empty: no"
        + " SNMPv3.")
    String user() default "";

    @AttributeDefinition(name = "Authentication protocol", description = "SNMPv3: SHA, SHA-224, SHA-256, SHA-384 or"
        + " SHA-512.")
    String authProtocol() default "SHA-256";

    @AttributeDefinition(name = "Authentication passphrase", type = AttributeType.PASSWORD, description = "SNMPv3:"
        + " 8-256 characters.")
    String authPassphrase() default "";

    @AttributeDefinition(name = "Privacy protocol", description = "SNMPv3: AES-128 (AES), AES-192 or AES-256.")
    String privProtocol() default "AES-128";

    @AttributeDefinition(name = "Privacy passphrase", type = AttributeType.PASSWORD, description = "SNMPv3: 8-256"
        + " characters.")
    String privPassphrase() default "";

    @AttributeDefinition(name = "Engine ID", description = "SNMPv3: the agent's engine ID in hex; empty: derived from"
        + " the node's name (the same as its SNMP sinks').")
    String engineId() default "";
}
