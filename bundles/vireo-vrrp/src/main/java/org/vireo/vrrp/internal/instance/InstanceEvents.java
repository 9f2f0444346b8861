package org.vireo.vrrp.internal.instance;

import java.net.InetAddress;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;
import org.vireo.config.AddressText;
import org.vireo.config.ConfigErrors;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpTakeover;

/**
 * What an instance posts on EventAdmin (the event log's vrrp.* events, api.md lists their fields): posted, never
 * sent, so the VRRP thread does not wait for EventAdmin's handlers; nothing when EventAdmin is not there.
 */
final class InstanceEvents {

    /** The longest cause or reason an event carries. */
    private static final int EVENT_TEXT = 256;

    private final VrrpInstance instance;
    private final Supplier<EventAdmin> eventAdmin;

    InstanceEvents(VrrpInstance instance, Supplier<EventAdmin> eventAdmin) {
        this.instance = instance;
        this.eventAdmin = eventAdmin;
    }

    void transition(StateSink.StateChange change) {
        Map<String, Object> p = about();
        p.put("from", change.from().name());
        p.put("to", change.to().name());
        p.put("priority", instance.effectivePriority());
        p.put("base", instance.basePriority());
        p.put("cause", ConfigErrors.shorten(change.cause(), EVENT_TEXT));
        p.put("peer", change.peer().map(AddressText::of).orElse(""));
        // only a master advertises: a backup that an advert made one knows its master, one that resigned does not
        Optional<InetAddress> master = change.to() == VrrpState.MASTER ? instance.primaryAddress() : change.peer();
        p.put("master", master.map(AddressText::of).orElse(""));
        post(VrrpInstance.TRANSITION_TOPIC, p);
    }

    void priority(StateSink.PriorityChange change) {
        Map<String, Object> p = about();
        p.put("from", change.from());
        p.put("to", change.to());
        p.put("base", instance.basePriority());
        p.put("reason", ConfigErrors.shorten(change.reason(), EVENT_TEXT));
        post(VrrpInstance.PRIORITY_TOPIC, p);
    }

    /**
     * @param path  how it was seen: {@code advert} (the other master's adverts) or {@code registry}
     * @param count the split brains counted on both paths so far
     */
    void splitBrain(boolean detected, String path, String peer, int peerPriority, long count, String cause) {
        Map<String, Object> p = about();
        p.put("state", detected ? "detected" : "ended");
        p.put("path", path);
        p.put("peer", peer);
        p.put("peerPriority", peerPriority);
        p.put("priority", instance.effectivePriority());
        p.put("count", count);
        p.put("cause", ConfigErrors.shorten(cause, EVENT_TEXT));
        post(VrrpInstance.SPLIT_BRAIN_TOPIC, p);
    }

    void tookOver(VrrpTakeover takeover) {
        Map<String, Object> p = about();
        p.put("previousMaster", takeover.previousMaster().map(AddressText::of).orElse(""));
        p.put("lastAdvertHeard", takeover.lastAdvertHeard().map(Instant::toString).orElse(""));
        p.put("firstAdvertSent", takeover.firstAdvertSent().toString());
        p.put("gapMillis", takeover.gap().map(g -> g.toNanos() / 1e6).orElse(-1.0));
        post(VrrpInstance.TAKEOVER_TOPIC, p);
    }

    /** The fields every event of the instance has. */
    private Map<String, Object> about() {
        Map<String, Object> p = new HashMap<>();
        p.put("instance", instance.name());
        p.put("vrid", instance.vrid());
        p.put("interface", instance.interfaceName());
        return p;
    }

    private void post(String topic, Map<String, Object> properties) {
        EventAdmin events = eventAdmin.get();
        if (events != null) {
            events.postEvent(new Event(topic, properties));
        }
    }
}
