package org.vireo.metrics.internal;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

/**
 * The VRRP instances of this node: state, priorities, adverts, drops by reason, transitions. Needs at least one
 * instance (a scanner has none, nor the vrrp bundle: then this component never loads).
 */
@Component(service = VireoCollector.class)
public class VrrpMetrics implements VireoCollector {

    /** The label values, made once: a scrape of 64 instances names 1,664 reasons and states. */
    private static final Map<DropReason, String> REASONS = lower(DropReason.class);
    private static final Map<VrrpState, String> STATES = lower(VrrpState.class);

    private final List<VrrpInstance> instances = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.AT_LEAST_ONE, policy = ReferencePolicy.DYNAMIC)
    void addInstance(VrrpInstance instance) {
        instances.add(instance);
    }

    void removeInstance(VrrpInstance instance) {
        instances.remove(instance);
    }

    @Override
    public void collect(Families f) {
        collect(f, instances);
    }

    static void collect(Families f, List<VrrpInstance> instances) {
        for (VrrpInstance i : instances) {
            String name = i.name();
            String vrid = Integer.toString(i.vrid());
            f.gauge("vireo_vrrp_state", "The instance's state: 0 initialize, 1 backup, 2 master, 3 fault")
                .add(code(i.state()), "instance", name, "vrid", vrid);
            String priority = "The priority configured (kind=base) and advertised (kind=effective: the base, lowered"
                + " by health tracking, or the operator's override)";
            f.gauge("vireo_vrrp_priority", priority).add(i.basePriority(), "instance", name, "vrid", vrid, "kind",
                "base");
            f.gauge("vireo_vrrp_priority", priority).add(i.effectivePriority(), "instance", name, "vrid", vrid,
                "kind", "effective");
            f.gauge("vireo_vrrp_priority_overridden", "1 while an operator's override sets the priority")
                .add(i.priorityOverride().isPresent(), "instance", name, "vrid", vrid);
            f.gauge("vireo_vrrp_state_since_seconds", "When the instance entered its state (Unix time)")
                .add(i.stateSince().toEpochMilli() / 1000.0, "instance", name, "vrid", vrid);
            counters(f, name, vrid, i.counters());
        }
    }

    private static void counters(Families f, String name, String vrid, VrrpCounters c) {
        f.counter("vireo_vrrp_adverts_sent", "Adverts the instance sent").add(c.advertsSent(), "instance", name,
            "vrid", vrid);
        f.counter("vireo_vrrp_adverts_received", "VRRP packets the instance received, dropped ones included")
            .add(c.advertsReceived(), "instance", name, "vrid", vrid);
        f.counter("vireo_vrrp_priority_zero_received", "Adverts of priority 0 (a master stepping down) received")
            .add(c.priorityZeroReceived(), "instance", name, "vrid", vrid);
        f.counter("vireo_vrrp_address_list_mismatches",
                "Adverts whose virtual addresses differ from this instance's (a misconfigured peer)")
            .add(c.addressListMismatches(), "instance", name, "vrid", vrid);
        for (Map.Entry<DropReason, Long> d : c.drops().entrySet()) {
            f.counter("vireo_vrrp_drops", "Received packets dropped, by reason (docs/vrrp.md lists them)")
                .add(d.getValue(), "instance", name, "vrid", vrid, "reason", REASONS.get(d.getKey()));
        }
        for (VrrpState s : VrrpState.values()) {
            f.counter("vireo_vrrp_transitions", "How often the instance entered each state since it started")
                .add(c.transitionsTo(s), "instance", name, "vrid", vrid, "to", STATES.get(s));
        }
    }

    /** keepalived_exporter's codes, so that dashboards made for it read these. */
    static int code(VrrpState state) {
        return switch (state) {
            case INITIALIZE -> 0;
            case BACKUP -> 1;
            case MASTER -> 2;
            case FAULT -> 3;
        };
    }

    private static <E extends Enum<E>> Map<E, String> lower(Class<E> type) {
        Map<E, String> names = new EnumMap<>(type);
        for (E e : type.getEnumConstants()) {
            names.put(e, e.name().toLowerCase(Locale.ROOT));
        }
        return names;
    }
}
