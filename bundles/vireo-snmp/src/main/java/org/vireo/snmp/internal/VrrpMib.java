package org.vireo.snmp.internal;

import static org.vireo.notify.snmp.Vrrpv3Mib.*;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToIntFunction;

import org.snmp4j.mp.SnmpConstants;
import org.snmp4j.smi.Counter32;
import org.snmp4j.smi.Counter64;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.TimeTicks;
import org.snmp4j.smi.UnsignedInteger32;
import org.snmp4j.smi.Variable;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;

/**
 * The instances as the VRRPv3-MIB (RFC 6527) and the SNMPv2-MIB's system group (RFC 3418) show them: a
 * {@link MibSnapshot}. Pure but for {@link MibMemory}, which it updates. An instance whose interface has no ifIndex now
 * (gone, renamed) has no row: the tables are indexed by it. vrrpv3OperationsAcceptMode and
 * vrrpv3StatisticsSentPriZeroPackets are not served: the instances do not tell them.
 */
final class VrrpMib {

    /** The system group's object identifier: under the enterprise number RFC 5612 keeps for examples. */
    static final OID SYS_OBJECT_ID = new OID("1.3.6.1.4.1.32473.1");
    private static final OID SYS_NAME = new OID("1.3.6.1.2.1.1.5.0");
    private static final int[] OPERATIONS_COLUMNS = {OPS_MASTER_IP, OPS_PRIMARY_IP, OPS_VIRTUAL_MAC, OPS_STATUS,
        OPS_PRIORITY, OPS_ADDR_COUNT, OPS_ADV_INTERVAL, OPS_PREEMPT, OPS_UP_TIME, OPS_ROW_STATUS};
    private static final int[] STATISTICS_COLUMNS = {STAT_MASTER_TRANSITIONS, STAT_NEW_MASTER_REASON,
        STAT_RCVD_ADVERTISEMENTS, STAT_ADV_INTERVAL_ERRORS, STAT_IP_TTL_ERRORS, STAT_PROTO_ERR_REASON,
        STAT_RCVD_PRI_ZERO, STAT_RCVD_INVALID_TYPE, STAT_ADDRESS_LIST_ERRORS, STAT_PACKET_LENGTH_ERRORS,
        STAT_ROW_DISCONTINUITY, STAT_REFRESH_RATE};
    private static final int TRUE = 1;
    private static final int FALSE = 2;
    private static final int ACTIVE = 1;

    /** The system group's values: sysDescr, sysName (the node's), sysUpTime (the agent's, hundredths of a second). */
    record SystemGroup(String descr, String name, long upTimeCentis) {
    }

    private VrrpMib() {
    }

    /** Every object type served, with or without instances now. */
    static NavigableSet<OID> objects() {
        NavigableSet<OID> objects = new TreeSet<>();
        List.of(SnmpConstants.sysDescr, SnmpConstants.sysObjectID, SnmpConstants.sysUpTime, SYS_NAME)
            .forEach(o -> objects.add(o.trim())); // the scalar without its .0
        for (int c : OPERATIONS_COLUMNS) {
            objects.add(new OID(OPERATIONS_ENTRY).append(c));
        }
        objects.add(new OID(ASSOCIATED_ENTRY).append(ASSOC_ROW_STATUS));
        for (int c : STATISTICS_COLUMNS) {
            objects.add(new OID(STATISTICS_ENTRY).append(c));
        }
        for (int s : new int[] {ROUTER_CHECKSUM_ERRORS, ROUTER_VERSION_ERRORS, ROUTER_VRID_ERRORS,
            GLOBAL_DISCONTINUITY}) {
            objects.add(new OID(STATISTICS).append(s));
        }
        return objects;
    }

    /**
     * @param ifIndex an interface's ifIndex by its name, 0 if it has none now
     * @param now     for the instances' up times
     */
    static MibSnapshot snapshot(List<VrrpInstance> instances, ToIntFunction<String> ifIndex, MibMemory memory,
                                Instant now, SystemGroup system) {
        NavigableMap<OID, Variable> values = new TreeMap<>();
        systemGroup(values, system);
        Set<String> names = new HashSet<>();
        long[] errors = new long[3];
        for (VrrpInstance instance : instances) {
            int index = ifIndex.applyAsInt(instance.interfaceName());
            if (instance.refused() || index <= 0) {
                continue;
            }
            names.add(instance.name());
            MibMemory.Seen seen = memory.observe(instance);
            OID row = rowIndex(index, instance.vrid(), addressType(instance));
            operations(values, row, instance, seen, now);
            associated(values, row, instance.virtualAddresses());
            statistics(values, row, instance, seen);
            Map<DropReason, Long> drops = instance.counters().drops();
            errors[0] += drops.getOrDefault(DropReason.CHECKSUM, 0L);
            errors[1] += drops.getOrDefault(DropReason.WRONG_VERSION, 0L);
            errors[2] += drops.getOrDefault(DropReason.VRID_NOT_CONFIGURED, 0L);
        }
        memory.keepOnly(names);
        globals(values, errors);
        return new MibSnapshot(values, objects());
    }

    private static void systemGroup(Map<OID, Variable> values, SystemGroup system) {
        values.put(SnmpConstants.sysDescr, new OctetString(system.descr()));
        values.put(SnmpConstants.sysObjectID, SYS_OBJECT_ID);
        values.put(SnmpConstants.sysUpTime, new TimeTicks(system.upTimeCentis()));
        values.put(SYS_NAME, new OctetString(system.name()));
    }

    private static int addressType(VrrpInstance instance) {
        List<InetAddress> vips = instance.virtualAddresses();
        return !vips.isEmpty() && vips.get(0) instanceof Inet6Address ? IPV6 : IPV4;
    }

    private static void operations(Map<OID, Variable> values, OID row, VrrpInstance i, MibMemory.Seen seen,
                                   Instant now) {
        put(values, OPERATIONS_ENTRY, OPS_MASTER_IP, row, address(i.masterAddress()));
        put(values, OPERATIONS_ENTRY, OPS_PRIMARY_IP, row, address(i.primaryAddress()));
        put(values, OPERATIONS_ENTRY, OPS_VIRTUAL_MAC, row, new OctetString(virtualMac(i.vrid(),
            addressType(i) == IPV6)));
        put(values, OPERATIONS_ENTRY, OPS_STATUS, row, new Integer32(status(i)));
        put(values, OPERATIONS_ENTRY, OPS_PRIORITY, row, new UnsignedInteger32(i.effectivePriority()));
        put(values, OPERATIONS_ENTRY, OPS_ADDR_COUNT, row, new Integer32(i.virtualAddresses().size()));
        put(values, OPERATIONS_ENTRY, OPS_ADV_INTERVAL, row, new Integer32((int) (i.advertInterval().toMillis() / 10)));
        put(values, OPERATIONS_ENTRY, OPS_PREEMPT, row, new Integer32(i.preempt() ? TRUE : FALSE));
        put(values, OPERATIONS_ENTRY, OPS_UP_TIME, row, new TimeTicks(seen.upSince() == null ? 0
            : Duration.between(seen.upSince(), now).toMillis() / 10));
        put(values, OPERATIONS_ENTRY, OPS_ROW_STATUS, row, new Integer32(ACTIVE));
    }

    /** One row per virtual address, indexed by the row and the address (its length, then its bytes). */
    private static void associated(Map<OID, Variable> values, OID row, List<InetAddress> addresses) {
        for (InetAddress address : addresses) {
            byte[] bytes = address.getAddress();
            OID index = new OID(row).append(bytes.length);
            for (byte b : bytes) {
                index.append(b & 0xff);
            }
            put(values, ASSOCIATED_ENTRY, ASSOC_ROW_STATUS, index, new Integer32(ACTIVE));
        }
    }

    private static void statistics(Map<OID, Variable> values, OID row, VrrpInstance i, MibMemory.Seen seen) {
        VrrpCounters c = i.counters();
        Map<DropReason, Long> drops = c.drops();
        put(values, STATISTICS_ENTRY, STAT_MASTER_TRANSITIONS, row, new Counter32(c.becameMaster()));
        put(values, STATISTICS_ENTRY, STAT_NEW_MASTER_REASON, row, new Integer32(seen.newMasterReason()));
        put(values, STATISTICS_ENTRY, STAT_RCVD_ADVERTISEMENTS, row, new Counter64(c.advertsReceived()));
        put(values, STATISTICS_ENTRY, STAT_ADV_INTERVAL_ERRORS, row,
            counter(drops, DropReason.ADVER_INTERVAL_MISMATCH));
        put(values, STATISTICS_ENTRY, STAT_IP_TTL_ERRORS, row, counter(drops, DropReason.TTL_NOT_255));
        put(values, STATISTICS_ENTRY, STAT_PROTO_ERR_REASON, row, new Integer32(seen.protoErrReason()));
        put(values, STATISTICS_ENTRY, STAT_RCVD_PRI_ZERO, row, new Counter64(c.priorityZeroReceived()));
        put(values, STATISTICS_ENTRY, STAT_RCVD_INVALID_TYPE, row, counter(drops, DropReason.UNKNOWN_TYPE));
        put(values, STATISTICS_ENTRY, STAT_ADDRESS_LIST_ERRORS, row, new Counter64(c.addressListMismatches()
            + drops.getOrDefault(DropReason.ADDRESS_LIST_MISMATCH, 0L)));
        put(values, STATISTICS_ENTRY, STAT_PACKET_LENGTH_ERRORS, row, counter(drops, DropReason.TRUNCATED));
        // its counters start with the instance; when that was is not told: 0, as for counters never reset
        put(values, STATISTICS_ENTRY, STAT_ROW_DISCONTINUITY, row, new TimeTicks(0));
        // the counters move with each advert: polling faster than adverts come shows nothing new
        put(values, STATISTICS_ENTRY, STAT_REFRESH_RATE, row, new UnsignedInteger32(i.advertInterval().toMillis()));
    }

    private static void globals(Map<OID, Variable> values, long[] errors) {
        values.put(new OID(STATISTICS).append(ROUTER_CHECKSUM_ERRORS).append(0), new Counter64(errors[0]));
        values.put(new OID(STATISTICS).append(ROUTER_VERSION_ERRORS).append(0), new Counter64(errors[1]));
        values.put(new OID(STATISTICS).append(ROUTER_VRID_ERRORS).append(0), new Counter64(errors[2]));
        values.put(new OID(STATISTICS).append(GLOBAL_DISCONTINUITY).append(0), new TimeTicks(0));
    }

    private static void put(Map<OID, Variable> values, OID entry, int column, OID index, Variable value) {
        values.put(new OID(entry).append(column).append(index), value);
    }

    private static Counter64 counter(Map<DropReason, Long> drops, DropReason reason) {
        return new Counter64(drops.getOrDefault(reason, 0L));
    }

    private static OctetString address(Optional<InetAddress> address) {
        return new OctetString(address.map(InetAddress::getAddress).orElse(new byte[0]));
    }

    /** vrrpv3OperationsStatus: initialize(1) (also for a FAULT: it takes no part), backup(2), master(3). */
    private static int status(VrrpInstance i) {
        return switch (i.state()) {
            case BACKUP -> 2;
            case MASTER -> 3;
            default -> 1;
        };
    }

    /** RFC 5798 7.3: 00-00-5E-00-01-{VRID} (IPv4), 00-00-5E-00-02-{VRID} (IPv6). */
    static byte[] virtualMac(int vrid, boolean ipv6) {
        return new byte[] {0x00, 0x00, 0x5e, 0x00, (byte) (ipv6 ? 0x02 : 0x01), (byte) vrid};
    }
}
