package org.vireo.cluster.internal.node;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import org.vireo.cluster.ClusterTopics;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.internal.registry.Registry;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.SyncEngine;
import org.vireo.config.ConfigErrors;

/** What config sync and the node registry tell, as events ({@link ClusterTopics}). */
final class ClusterEvents implements SyncEngine.SyncListener, Consumer<Registry.Membership> {

    private static final int MAX_REASON = 256;

    private final String self;
    private final BiConsumer<String, Map<String, Object>> post;

    /** @param post posts an EventAdmin event (topic, properties) */
    ClusterEvents(String self, BiConsumer<String, Map<String, Object>> post) {
        this.self = self;
        this.post = post;
    }

    @Override
    public void changed(DocumentRecord record, boolean local) {
        // what is in force, refused or lost is told below
    }

    @Override
    public void applied(String id, DocumentVersion version, boolean local) {
        Map<String, Object> p = document(id, version.toString(), version.node(), local);
        post.accept(ClusterTopics.CONFIG_APPLIED, p);
    }

    @Override
    public void refused(String id, Optional<DocumentVersion> version, String reason) {
        Map<String, Object> p = document(id, version.map(DocumentVersion::toString).orElse(""),
            version.map(DocumentVersion::node).orElse(self), version.isEmpty());
        p.put("reason", ConfigErrors.shorten(reason, MAX_REASON));
        post.accept(ClusterTopics.CONFIG_REFUSED, p);
    }

    @Override
    public void conflict(String id, DocumentVersion lost, DocumentVersion winner) {
        post.accept(ClusterTopics.CONFIG_CONFLICT, Map.of("document", id, "winner", winner.toString(),
            "lost", lost.toString(), "wonBy", winner.node(), "lostBy", lost.node()));
    }

    @Override
    public void accept(Registry.Membership m) {
        post.accept(m.joined() ? ClusterTopics.MEMBER_JOINED : ClusterTopics.MEMBER_LEFT, Map.of("member", m.node(),
            "role", m.role(), "address", m.address(), "reason", m.reason()));
    }

    private static Map<String, Object> document(String id, String version, String origin, boolean local) {
        Map<String, Object> p = new HashMap<>();
        p.put("document", id);
        p.put("version", version);
        p.put("origin", origin);
        p.put("local", local);
        return p;
    }
}
