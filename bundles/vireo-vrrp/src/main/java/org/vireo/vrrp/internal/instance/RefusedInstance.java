package org.vireo.vrrp.internal.instance;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

/**
 * A VRRP instance whose configuration was refused when it was to start, as the component shows it in the
 * instance's place: FAULT with the refusal, so that {@code vrrp:list} lists it and nothing that walks the
 * instances fails. It never runs: no election, no VIP, nothing sent.
 *
 * @param name          the configured name if it is one, else what the configuration's file is named after
 * @param vrid          the configured VRID if it is one, else 0
 * @param interfaceName the configured interface if it is a name, else {@code -}
 */
record RefusedInstance(String name, int vrid, String interfaceName, String reason, Instant stateSince)
    implements VrrpInstance {

    /** From a configuration that {@link InstanceOptions#parse} refused with {@code reason}. */
    static RefusedInstance of(Map<String, ?> properties, String reason) {
        String pid = String.valueOf(properties.get("service.pid"));
        String name = text(properties, InstanceOptions.NAME.key());
        if (!InstanceOptions.INSTANCE_NAME.matcher(name).matches()) {
            name = pid.substring(pid.indexOf('~') + 1); // Karaf names etc/<factory>-<name>.cfg's PID <factory>~<name>
        }
        String iface = text(properties, InstanceOptions.INTERFACE_NAME.key());
        int vrid;
        try {
            vrid = Integer.parseInt(text(properties, InstanceOptions.VRID.key()));
        } catch (NumberFormatException e) {
            vrid = 0;
        }
        return new RefusedInstance(name, vrid < 1 || vrid > 255 ? 0 : vrid,
            InstanceOptions.INTERFACE.matcher(iface).matches() ? iface : "-", reason, Instant.now());
    }

    private static String text(Map<String, ?> properties, String key) {
        Object v = properties.get(key);
        return v == null ? "" : String.valueOf(v).trim();
    }

    @Override
    public boolean refused() {
        return true;
    }

    @Override
    public int version() {
        return 3;
    }

    @Override
    public VrrpState state() {
        return VrrpState.FAULT;
    }

    @Override
    public Optional<String> fault() {
        return Optional.of(reason + "; the instance does not run until its configuration is fixed");
    }

    @Override
    public int basePriority() {
        return 0;
    }

    @Override
    public int effectivePriority() {
        return 0;
    }

    @Override
    public Optional<Integer> priorityOverride() {
        return Optional.empty();
    }

    @Override
    public Optional<InetAddress> primaryAddress() {
        return Optional.empty();
    }

    @Override
    public Optional<InetAddress> masterAddress() {
        return Optional.empty();
    }

    @Override
    public Duration advertInterval() {
        return Duration.ZERO;
    }

    @Override
    public boolean preempt() {
        return false;
    }

    @Override
    public List<InetAddress> virtualAddresses() {
        return List.of();
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
        return new VrrpCounters(0, 0, 0, 0, 0, Map.of());
    }

    @Override
    public List<String> warnings() {
        return List.of();
    }

    @Override
    public void overridePriority(Optional<Integer> priority) {
        throw notRunning();
    }

    @Override
    public void resign(Duration holdOff) {
        throw notRunning();
    }

    private IllegalStateException notRunning() {
        return new IllegalStateException("VRRP instance '" + name + "' does not run: " + reason);
    }
}
