package org.vireo.snmp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpState;

class VrrpMibTest {

    private static final Instant NOW = Instant.parse("2026-12-06T10:00:30Z");
    private static final String OPS = "1.3.6.1.2.1.207.1.1.1.1.";
    private static final String STATS = "1.3.6.1.2.1.207.1.2.5.1.";

    private final MibMemory memory = new MibMemory();

    private Map<OID, Variable> mib(FakeInstance... instances) {
        return VrrpMib.snapshot(List.of(instances), name -> name.equals("lo") ? 1 : name.equals("eth1") ? 3 : 0,
            memory, NOW, new VrrpMib.SystemGroup("Vireo", "n1", 4200)).values();
    }

    private static String value(Map<OID, Variable> mib, String oid) {
        Variable v = mib.get(new OID(oid));
        return v == null ? null : v.toString();
    }

    @Test
    void aMastersOperationsRow_isIndexedByIfIndexVridAndAddressType() {
        FakeInstance a = new FakeInstance();
        a.master = a.primary;
        a.became(VrrpState.BACKUP, VrrpState.MASTER, Instant.parse("2026-12-06T10:00:10Z"),
            "preempted the master 192.0.2.12 (it advertises priority 100, below this node's)");
        a.effective = 140;

        Map<OID, Variable> mib = mib(a);

        assertThat(value(mib, OPS + "3.1.51.1")).isEqualTo("c0:00:02:0b"); // master: this node
        assertThat(value(mib, OPS + "4.1.51.1")).isEqualTo("c0:00:02:0b");
        assertThat(value(mib, OPS + "5.1.51.1")).isEqualTo("00:00:5e:00:01:33");
        assertThat(value(mib, OPS + "6.1.51.1")).isEqualTo("3"); // master
        assertThat(value(mib, OPS + "7.1.51.1")).isEqualTo("140"); // the effective priority
        assertThat(value(mib, OPS + "8.1.51.1")).isEqualTo("2");
        assertThat(value(mib, OPS + "9.1.51.1")).isEqualTo("100"); // centiseconds
        assertThat(value(mib, OPS + "10.1.51.1")).isEqualTo("1"); // true
        assertThat(value(mib, OPS + "11.1.51.1")).isNull(); // accept mode: not told by the instance
        assertThat(value(mib, OPS + "13.1.51.1")).isEqualTo("1"); // active
        assertThat(value(mib, STATS + "2.1.51.1")).isEqualTo("2"); // preempted
    }

    @Test
    void eachVirtualAddressHasAnAssociatedRow_indexedByItsLengthAndBytes() {
        Map<OID, Variable> mib = mib(new FakeInstance());

        assertThat(value(mib, "1.3.6.1.2.1.207.1.1.2.1.2.1.51.1.4.192.0.2.100")).isEqualTo("1");
        assertThat(value(mib, "1.3.6.1.2.1.207.1.1.2.1.2.1.51.1.4.192.0.2.101")).isEqualTo("1");
    }

    @Test
    void aBackupsStatistics_fromItsCounters() {
        FakeInstance b = new FakeInstance().drops(Map.of(DropReason.TTL_NOT_255, 4L, DropReason.UNKNOWN_TYPE, 2L,
            DropReason.TRUNCATED, 1L, DropReason.CHECKSUM, 7L));

        Map<OID, Variable> mib = mib(b);

        assertThat(value(mib, OPS + "6.1.51.1")).isEqualTo("2"); // backup
        assertThat(value(mib, STATS + "1.1.51.1")).isEqualTo("2"); // became master twice
        assertThat(value(mib, STATS + "2.1.51.1")).isEqualTo("0"); // not master as far as the agent saw
        assertThat(value(mib, STATS + "3.1.51.1")).isEqualTo("20");
        assertThat(value(mib, STATS + "5.1.51.1")).isEqualTo("4");
        assertThat(value(mib, STATS + "6.1.51.1")).isEqualTo("3"); // checksumError, the last in RFC order that grew
        assertThat(value(mib, STATS + "7.1.51.1")).isEqualTo("1");
        assertThat(value(mib, STATS + "9.1.51.1")).isEqualTo("2");
        assertThat(value(mib, STATS + "11.1.51.1")).isEqualTo("1");
        assertThat(value(mib, STATS + "13.1.51.1")).isEqualTo("1000");
        assertThat(value(mib, "1.3.6.1.2.1.207.1.2.1.0")).isEqualTo("7"); // vrrpv3RouterChecksumErrors
    }

    @Test
    void theLastProtocolErrorIsTheOneWhoseCountGrew() {
        FakeInstance b = new FakeInstance().drops(Map.of(DropReason.CHECKSUM, 7L));
        mib(b);
        b.drops(Map.of(DropReason.CHECKSUM, 7L, DropReason.TTL_NOT_255, 1L));

        assertThat(value(mib(b), STATS + "6.1.51.1")).isEqualTo("1"); // ipTtlError
    }

    @Test
    void upTimeCountsFromLeavingInitialize_andIsZeroInIt() {
        FakeInstance a = new FakeInstance().became(VrrpState.INITIALIZE, VrrpState.BACKUP,
            Instant.parse("2026-12-06T10:00:20Z"), "started");
        FakeInstance down = new FakeInstance();
        down.name = "down";
        down.vrid = 52;
        down.state = VrrpState.FAULT;

        Map<OID, Variable> mib = mib(a, down);

        assertThat(value(mib, OPS + "12.1.51.1")).isEqualTo("0:00:10.00");
        assertThat(value(mib, OPS + "12.1.52.1")).isEqualTo("0:00:00.00");
        assertThat(value(mib, OPS + "6.1.52.1")).isEqualTo("1"); // a fault shows as initialize
    }

    @Test
    void anIpv6InstanceHasTheIpv6RowAndMac_anInstanceWithoutIfIndexNone() {
        FakeInstance six = new FakeInstance();
        six.interfaceName = "eth1";
        six.vips = List.of(FakeInstance.address("2001:db8::100"));
        six.primary = java.util.Optional.of(FakeInstance.address("fe80::1"));
        FakeInstance gone = new FakeInstance();
        gone.name = "gone";
        gone.interfaceName = "gone0";

        Map<OID, Variable> mib = mib(six, gone);

        assertThat(value(mib, OPS + "5.3.51.2")).isEqualTo("00:00:5e:00:02:33");
        assertThat(value(mib, OPS + "4.3.51.2")).isEqualTo("fe:80:00:00:00:00:00:00:00:00:00:00:00:00:00:01");
        assertThat(mib.keySet()).noneMatch(oid -> oid.toString().startsWith(OPS) && oid.toString().endsWith(".1.51.1"));
    }

    @Test
    void theSystemGroup() {
        Map<OID, Variable> mib = mib();

        assertThat(value(mib, "1.3.6.1.2.1.1.1.0")).isEqualTo("Vireo");
        assertThat(value(mib, "1.3.6.1.2.1.1.2.0")).isEqualTo("1.3.6.1.4.1.32473.1");
        assertThat(value(mib, "1.3.6.1.2.1.1.3.0")).isEqualTo("0:00:42.00");
        assertThat(value(mib, "1.3.6.1.2.1.1.5.0")).isEqualTo("n1");
    }
}
