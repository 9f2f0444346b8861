package org.vireo.notify.snmp;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Map;

import org.snmp4j.smi.OID;

/**
 * The VRRPv3-MIB (RFC 6527, {@code mib-2 207}) as the node serves and notifies it: object identifiers and the
 * enumerations it reads from the VRRP events and instances. What the instances tell in words (the cause of a
 * transition, the reason of a drop) is mapped here, in one place for the traps and the agent.
 */
public final class Vrrpv3Mib {

    public static final OID MIB = new OID("1.3.6.1.2.1.207");
    /** Notifications: vrrpv3NewMaster, vrrpv3ProtoError. */
    public static final OID NEW_MASTER = new OID(MIB).append("0.1");
    public static final OID PROTO_ERROR = new OID(MIB).append("0.2");
    /** vrrpv3OperationsEntry, vrrpv3AssociatedIpAddrEntry, vrrpv3StatisticsEntry: a column's OID is entry.column. */
    public static final OID OPERATIONS_ENTRY = new OID(MIB).append("1.1.1.1");
    public static final OID ASSOCIATED_ENTRY = new OID(MIB).append("1.1.2.1");
    public static final OID STATISTICS = new OID(MIB).append("1.2");
    public static final OID STATISTICS_ENTRY = new OID(STATISTICS).append("5.1");

    /** vrrpv3OperationsEntry's columns (1 and 2, the VRID and address type, are the index only). */
    public static final int OPS_MASTER_IP = 3;
    public static final int OPS_PRIMARY_IP = 4;
    public static final int OPS_VIRTUAL_MAC = 5;
    public static final int OPS_STATUS = 6;
    public static final int OPS_PRIORITY = 7;
    public static final int OPS_ADDR_COUNT = 8;
    public static final int OPS_ADV_INTERVAL = 9;
    public static final int OPS_PREEMPT = 10;
    public static final int OPS_ACCEPT = 11;
    public static final int OPS_UP_TIME = 12;
    public static final int OPS_ROW_STATUS = 13;
    /** vrrpv3AssociatedIpAddrEntry's RowStatus (column 1, the address, is the index only). */
    public static final int ASSOC_ROW_STATUS = 2;
    /** vrrpv3StatisticsEntry's columns. */
    public static final int STAT_MASTER_TRANSITIONS = 1;
    public static final int STAT_NEW_MASTER_REASON = 2;
    public static final int STAT_RCVD_ADVERTISEMENTS = 3;
    public static final int STAT_ADV_INTERVAL_ERRORS = 4;
    public static final int STAT_IP_TTL_ERRORS = 5;
    public static final int STAT_PROTO_ERR_REASON = 6;
    public static final int STAT_RCVD_PRI_ZERO = 7;
    public static final int STAT_SENT_PRI_ZERO = 8;
    public static final int STAT_RCVD_INVALID_TYPE = 9;
    public static final int STAT_ADDRESS_LIST_ERRORS = 10;
    public static final int STAT_PACKET_LENGTH_ERRORS = 11;
    public static final int STAT_ROW_DISCONTINUITY = 12;
    public static final int STAT_REFRESH_RATE = 13;
    /** The vrrpv3Statistics scalars (each .0). */
    public static final int ROUTER_CHECKSUM_ERRORS = 1;
    public static final int ROUTER_VERSION_ERRORS = 2;
    public static final int ROUTER_VRID_ERRORS = 3;
    public static final int GLOBAL_DISCONTINUITY = 4;

    /** vrrpv3StatisticsNewMasterReason. */
    public static final int NOT_MASTER = 0;
    public static final int PRIORITY = 1;
    public static final int PREEMPTED = 2;
    public static final int MASTER_NO_RESPONSE = 3;

    /** vrrpv3StatisticsProtoErrReason by the drop reason's name (org.vireo.vrrp.DropReason), noError(0) else. */
    private static final Map<String, Integer> PROTO_ERR_REASONS = Map.of("TTL_NOT_255", 1, "WRONG_VERSION", 2,
        "CHECKSUM", 3, "VRID_NOT_CONFIGURED", 4);

    /** InetAddressType (RFC 4001). */
    public static final int IPV4 = 1;
    public static final int IPV6 = 2;

    private Vrrpv3Mib() {
    }

    /**
     * vrrpv3StatisticsNewMasterReason of a transition to master, from its cause as vireo-vrrp words it (docs/api.md,
     * {@code vrrp.transition}): preempting a master of lower priority is preempted(2); a master that went silent or
     * stepped down (priority 0), or none heard at all, masterNoResponse(3); anything else (an address owner's start,
     * a priority that made it master) priority(1).
     */
    public static int newMasterReason(String cause) {
        if (cause.startsWith("preempted")) {
            return PREEMPTED;
        }
        if (cause.contains("Master_Down_Interval") || cause.contains("stepped down")) {
            return MASTER_NO_RESPONSE;
        }
        return PRIORITY;
    }

    /** vrrpv3StatisticsProtoErrReason of a drop reason's name; noError(0) for any other. */
    public static int protoErrReason(String dropReason) {
        return PROTO_ERR_REASONS.getOrDefault(dropReason, 0);
    }

    /** InetAddressType of an address. */
    public static int addressType(InetAddress address) {
        return address instanceof Inet6Address ? IPV6 : IPV4;
    }

    /** The index of a row of the operations and statistics tables: ifIndex, VRID, address type. */
    public static OID rowIndex(int ifIndex, int vrid, int addressType) {
        return new OID(new int[] {ifIndex, vrid, addressType});
    }
}
