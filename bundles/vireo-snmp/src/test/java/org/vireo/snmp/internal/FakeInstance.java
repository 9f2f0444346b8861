package org.vireo.snmp.internal;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpTransition;

/** A VRRP instance as its service shows it, with the values a test sets; it runs nothing. */
final class FakeInstance implements VrrpInstance {

    String name = "vip1";
    int vrid = 51;
    String interfaceName = "lo";
    VrrpState state = VrrpState.BACKUP;
    Instant stateSince = Instant.parse("2026-12-06T10:00:00Z");
    int base = 150;
    int effective = 150;
    Optional<InetAddress> primary = Optional.of(address("192.0.2.11"));
    Optional<InetAddress> master = Optional.of(address("192.0.2.12"));
    Duration interval = Duration.ofSeconds(1);
    boolean preempt = true;
    List<InetAddress> vips = List.of(address("192.0.2.100"), address("192.0.2.101"));
    VrrpCounters counters = new VrrpCounters(10, 20, 1, 2, 0, Map.of());
    Optional<VrrpTransition> last = Optional.empty();

    static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    FakeInstance drops(Map<DropReason, Long> drops) {
        counters = new VrrpCounters(counters.advertsSent(), counters.advertsReceived(),
            counters.priorityZeroReceived(), counters.becameMaster(), counters.addressListMismatches(), drops);
        return this;
    }

    FakeInstance became(VrrpState from, VrrpState to, Instant at, String cause) {
        state = to;
        stateSince = at;
        last = Optional.of(new VrrpTransition(from, to, at, cause, Optional.empty()));
        return this;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int vrid() {
        return vrid;
    }

    @Override
    public String interfaceName() {
        return interfaceName;
    }

    @Override
    public int version() {
        return 3;
    }

    @Override
    public VrrpState state() {
        return state;
    }

    @Override
    public Optional<String> fault() {
        return Optional.empty();
    }

    @Override
    public Instant stateSince() {
        return stateSince;
    }

    @Override
    public int basePriority() {
        return base;
    }

    @Override
    public int effectivePriority() {
        return effective;
    }

    @Override
    public Optional<Integer> priorityOverride() {
        return Optional.empty();
    }

    @Override
    public Optional<VrrpTransition> lastTransition() {
        return last;
    }

    @Override
    public Optional<InetAddress> primaryAddress() {
        return primary;
    }

    @Override
    public Optional<InetAddress> masterAddress() {
        return master;
    }

    @Override
    public Duration advertInterval() {
        return interval;
    }

    @Override
    public boolean preempt() {
        return preempt;
    }

    @Override
    public List<InetAddress> virtualAddresses() {
        return vips;
    }

    @Override
    public boolean virtualMac() {
        return false;
    }

    @Override
    public Optional<byte[]> resignationAdvert() {
        return Optional.empty();
    }

    @Override
    public VrrpCounters counters() {
        return counters;
    }

    @Override
    public List<String> warnings() {
        return List.of();
    }

    @Override
    public void overridePriority(Optional<Integer> priority) {
        throw new UnsupportedOperationException("a fake: nothing to override");
    }

    @Override
    public void resign(Duration holdOff) {
        throw new UnsupportedOperationException("a fake: nothing to resign");
    }
}
