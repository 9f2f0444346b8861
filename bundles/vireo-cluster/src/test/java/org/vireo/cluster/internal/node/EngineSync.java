package org.vireo.cluster.internal.node;

import java.io.IOException;
import java.util.Optional;

import org.vireo.cluster.DocumentException;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.VersionedDocuments;
import org.vireo.cluster.internal.docs.Validators;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.TestCluster;

/**
 * The cluster component's document calls on a test member's real engine, on the test's thread (the component runs
 * them on its sync thread), with the validators the test registers. What the routes do not call is not there.
 */
public final class EngineSync implements SyncDocuments {

    private final TestCluster.Member member;
    private final Validators validators;

    public EngineSync(TestCluster.Member member, Validators validators) {
        this.member = member;
        this.validators = validators;
    }

    @Override
    public boolean replicated(String id) {
        return member.local.replicated(id);
    }

    @Override
    public Validators validators() {
        return validators;
    }

    @Override
    public Optional<DocumentRecord> current(String id) throws DocumentException {
        try {
            member.engine.localChanged(id);
        } catch (IOException e) {
            throw DocumentException.failed(e.getMessage(), e);
        }
        return Optional.ofNullable(member.engine.records().get(id));
    }

    @Override
    public DocumentVersion write(String id, byte[] content, Optional<String> expected) throws DocumentException {
        try {
            return member.engine.write(id, content, expected);
        } catch (IOException e) {
            throw DocumentException.failed(e.getMessage(), e);
        }
    }

    @Override
    public VersionedDocuments.Resolution resolve(DocumentVersion keep) throws DocumentException {
        try {
            return member.engine.resolve(keep);
        } catch (IOException e) {
            throw DocumentException.failed(e.getMessage(), e);
        }
    }
}
