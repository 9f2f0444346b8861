package org.vireo.notify.internal.snmp;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * Metatype of the factory PID {@code org.vireo.notify.snmp}: one SNMP manager that gets the VRRPv3-MIB's
 * notifications (docs/notifications.md#snmp). SnmpOptions' parse takes each key's name and default from here;
 * SnmpOptionsTest keeps the two in agreement.
 */
@ObjectClassDefinition(name = "Vireo SNMP notifications",
    description = "RFC 6527's vrrpv3NewMaster and vrrpv3ProtoError, as SNMPv2c or SNMPv3 (authPriv) traps or informs,"
        + " to an SNMP manager, in the event log's order.")
public @interface SnmpConfig {

    @AttributeDefinition(name = "Name", description = "This sink's name (notify:list, notify:test), 1-64 letters,"
        + " digits, '.', '_' or '-'; unique among the SNMP sinks.")
    String name();

    @AttributeDefinition(name = "Host", description = "The manager's host name or address.")
    String host();

    @AttributeDefinition(name = "Port", min = "1", max = "65535", description = "The manager's UDP port.")
    int port() default 162;

    @AttributeDefinition(name = "Version", description = "v2c (a community) or v3 (a user, authPriv).", options = {
        @Option(label = "SNMPv2c", value = "v2c"), @Option(label = "SNMPv3", value = "v3")})
    String version() default "v2c";

    @AttributeDefinition(name = "Notification", description = "trap (sent once, unanswered) or inform (answered by"
        + " the manager, sent again until it is).", options = {
            @Option(label = "Trap", value = "trap"), @Option(label = "Inform", value = "inform")})
    String notification() default "trap";

    @AttributeDefinition(name = "Community", type = AttributeType.PASSWORD, description = "v2c: the community, 1-64"
        + " printable characters without spaces.")
    String community() default "";

    @AttributeDefinition(name = "User", description = "v3: the user's name, 1-32 printable characters.")
    String user() default "";

    @AttributeDefinition(name = "Authentication protocol", description = "v3: SHA, SHA-224, SHA-256, SHA-384 or"
        + " SHA-512.")
    String authProtocol() default "SHA-256";

    @AttributeDefinition(name = "Authentication passphrase", type = AttributeType.PASSWORD, description = "v3: 8-256"
        + " characters.")
    String authPassphrase() default "";

    @AttributeDefinition(name = "Privacy protocol", description = "v3: AES-128 (AES), AES-192 or AES-256.")
    String privProtocol() default "AES-128";

    @AttributeDefinition(name = "Privacy passphrase", type = AttributeType.PASSWORD, description = "v3: 8-256"
        + " characters.")
    String privPassphrase() default "";

    @AttributeDefinition(name = "Engine ID", description = "v3 traps: this node's engine ID in hex (0x80007ed905...);"
        + " empty: derived from the node's name, shown by notify:list.")
    String engineId() default "";

    @AttributeDefinition(name = "Timeout (ms)", min = "100", max = "60000", description = "inform: how long to wait"
        + " for the manager's answer.")
    int timeoutMillis() default 1500;

    @AttributeDefinition(name = "Retries", min = "0", max = "20", description = "inform: attempts after the first"
        + " when the manager does not answer.")
    int retries() default 3;

    @AttributeDefinition(name = "Events", description = "vrrp.transition (vrrpv3NewMaster, for a transition to"
        + " MASTER), vrrp.protocol_error (vrrpv3ProtoError), or both.")
    String[] events() default {"vrrp.transition", "vrrp.protocol_error"};
}
