package org.vireo.notify.internal.snmp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.function.ToIntFunction;

import org.snmp4j.mp.SnmpConstants;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.TimeTicks;
import org.snmp4j.smi.VariableBinding;
import org.vireo.events.NodeEvent;
import org.vireo.notify.snmp.Vrrpv3Mib;

/**
 * The VRRPv3-MIB notification (RFC 6527) an event of the log makes, as its variable bindings: sysUpTime.0,
 * snmpTrapOID.0, then the notification's objects indexed by the instance's row (ifIndex, VRID, address type).
 * Built from the event's fields alone (docs/api.md#types): this bundle runs on nodes without VRRP too. Pure.
 */
final class SnmpNotifications {

    static final String TRANSITION = "vrrp.transition";
    static final String PROTOCOL_ERROR = "vrrp.protocol_error";
    static final String TEST = "notify.test";
    /**
     * notify:test's notification, under the enterprise number RFC 5612 keeps for examples (as the engine ID): a
     * test has no notification in any standard MIB. Its one object is the test's token.
     */
    static final OID TEST_NOTIFICATION = new OID("1.3.6.1.4.1.32473.2.0.1");
    static final OID TEST_TOKEN = new OID("1.3.6.1.4.1.32473.2.1.1.0");

    private SnmpNotifications() {
    }

    /** Whether the event makes a notification: a transition to MASTER, a protocol error, a test. */
    static boolean notifies(NodeEvent event) {
        return switch (event.type()) {
            case TRANSITION -> "MASTER".equals(event.fields().get("to"));
            case PROTOCOL_ERROR, TEST -> true;
            default -> false;
        };
    }

    /**
     * @param uptimeCentis sysUpTime, hundredths of a second
     * @param ifIndex      the ifIndex of an interface's name (0 if it has none)
     * @throws IllegalArgumentException for an event that makes no notification
     */
    static List<VariableBinding> of(NodeEvent event, long uptimeCentis, ToIntFunction<String> ifIndex) {
        VariableBinding upTime = new VariableBinding(SnmpConstants.sysUpTime, new TimeTicks(uptimeCentis));
        return switch (event.type()) {
            case TRANSITION -> newMaster(event, upTime, ifIndex);
            case PROTOCOL_ERROR -> protoError(event, upTime, ifIndex);
            case TEST -> List.of(upTime, trapOid(TEST_NOTIFICATION),
                new VariableBinding(TEST_TOKEN, new OctetString(text(event, "token"))));
            default -> throw new IllegalArgumentException(event.type() + " makes no SNMP notification");
        };
    }

    /** vrrpv3NewMaster: vrrpv3OperationsMasterIpAddr, vrrpv3StatisticsNewMasterReason. */
    private static List<VariableBinding> newMaster(NodeEvent event, VariableBinding upTime,
                                                   ToIntFunction<String> ifIndex) {
        byte[] master = address(text(event, "master"));
        int type = master.length == 16 ? Vrrpv3Mib.IPV6 : Vrrpv3Mib.IPV4;
        OID row = row(event, type, ifIndex);
        return List.of(upTime, trapOid(Vrrpv3Mib.NEW_MASTER),
            new VariableBinding(column(Vrrpv3Mib.OPERATIONS_ENTRY, Vrrpv3Mib.OPS_MASTER_IP, row),
                new OctetString(master)),
            new VariableBinding(column(Vrrpv3Mib.STATISTICS_ENTRY, Vrrpv3Mib.STAT_NEW_MASTER_REASON, row),
                new Integer32(Vrrpv3Mib.newMasterReason(text(event, "cause")))));
    }

    /** vrrpv3ProtoError: vrrpv3StatisticsProtoErrReason. */
    private static List<VariableBinding> protoError(NodeEvent event, VariableBinding upTime,
                                                    ToIntFunction<String> ifIndex) {
        int type = "ipv6".equals(event.fields().get("family")) ? Vrrpv3Mib.IPV6 : Vrrpv3Mib.IPV4;
        OID row = row(event, type, ifIndex);
        return List.of(upTime, trapOid(Vrrpv3Mib.PROTO_ERROR),
            new VariableBinding(column(Vrrpv3Mib.STATISTICS_ENTRY, Vrrpv3Mib.STAT_PROTO_ERR_REASON, row),
                new Integer32(Vrrpv3Mib.protoErrReason(text(event, "reason")))));
    }

    private static VariableBinding trapOid(OID notification) {
        return new VariableBinding(SnmpConstants.snmpTrapOID, notification);
    }

    private static OID row(NodeEvent event, int addressType, ToIntFunction<String> ifIndex) {
        Object vrid = event.fields().get("vrid");
        return Vrrpv3Mib.rowIndex(ifIndex.applyAsInt(text(event, "interface")),
            vrid instanceof Number n ? n.intValue() : 0, addressType);
    }

    private static OID column(OID entry, int column, OID row) {
        return new OID(entry).append(column).append(row);
    }

    private static String text(NodeEvent event, String field) {
        Object value = event.fields().get(field);
        return value == null ? "" : String.valueOf(value);
    }

    /** An address literal's bytes (InetAddress, RFC 4001); none for an empty or bad one. */
    private static byte[] address(String literal) {
        if (literal.isEmpty() || !literal.matches("[0-9A-Fa-f.:]+")) {
            return new byte[0]; // never a name: nothing is looked up
        }
        try {
            return InetAddress.getByName(literal).getAddress();
        } catch (UnknownHostException e) {
            return new byte[0];
        }
    }
}
