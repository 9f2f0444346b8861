package org.vireo.cluster.internal.node;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.vireo.cluster.DocumentException;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.VersionedDocument;
import org.vireo.cluster.VersionedDocuments;
import org.vireo.cluster.internal.docs.Configurations;
import org.vireo.cluster.internal.docs.DocumentPatterns;
import org.vireo.cluster.internal.docs.LocalVersions;
import org.vireo.cluster.internal.docs.ReplicatedDocuments;
import org.vireo.cluster.internal.sync.DocumentRecord;

/**
 * This node's documents with their versions: a replicated one through config sync (its record's version, written as
 * an edit on the sync thread), a node-local PID of Vireo's through ConfigurationAdmin (a version of its content,
 * compared and written under one lock, checked by the validator its bundle registers). Only what a validator here
 * checks is written: a Vireo PID whose bundle does not run here is not, nor is any PID of Karaf's.
 */
public final class DocumentService implements VersionedDocuments {

    private final SyncDocuments cluster;
    private final Configurations configurations;
    private final LocalVersions versions;
    /** Node-local writes: the version check and the write, one at a time. */
    private final Object localWrites = new Object();

    public DocumentService(SyncDocuments cluster, Configurations configurations, LocalVersions versions) {
        this.cluster = cluster;
        this.configurations = configurations;
        this.versions = versions;
    }

    @Override
    public List<VersionedDocument> configurations() throws DocumentException {
        Set<String> ids = new TreeSet<>();
        for (String pid : io(configurations::all)) {
            String id = DocumentPatterns.PID_PREFIX + pid;
            if (served(id)) {
                ids.add(id);
            }
        }
        List<VersionedDocument> out = new ArrayList<>();
        for (String id : ids) {
            read(id).ifPresent(out::add);
        }
        return out;
    }

    @Override
    public Optional<VersionedDocument> read(String id) throws DocumentException {
        if (cluster.replicated(id)) {
            Optional<DocumentRecord> r = cluster.current(id);
            if (r.isPresent() && !r.get().current().deleted()) {
                return Optional.of(new VersionedDocument(id, true, Optional.of(r.get().current().version().toString()),
                    r.get().content().orElseThrow(), notWritable(id)));
            }
            // no record (a change here that config sync refused): the document as it is, without a version
            return local(id).map(c -> new VersionedDocument(id, true, Optional.empty(), c, notWritable(id)));
        }
        if (!served(id)) {
            return Optional.empty();
        }
        return local(id).map(c -> new VersionedDocument(id, false, Optional.of(versions.of(c)), c, notWritable(id)));
    }

    @Override
    public VersionedDocument write(String id, byte[] content, Optional<String> expectedVersion)
        throws DocumentException {
        Optional<String> refusal = notWritable(id);
        if (refusal.isPresent()) {
            throw DocumentException.of(DocumentException.Kind.NOT_WRITABLE, refusal.get());
        }
        if (cluster.replicated(id)) {
            cluster.write(id, content, expectedVersion);
        } else {
            writeLocal(id, content, expectedVersion);
        }
        return read(id).orElseThrow(() -> DocumentException.of(DocumentException.Kind.FAILED, id + " was written"
            + " but does not read back"));
    }

    private void writeLocal(String id, byte[] content, Optional<String> expected) throws DocumentException {
        synchronized (localWrites) {
            Optional<byte[]> now = local(id);
            Optional<String> current = now.map(versions::of);
            if (!current.equals(expected)) {
                throw DocumentException.stale(id, expected, current);
            }
            List<String> problems = cluster.validators().problems(id, content);
            if (!problems.isEmpty()) {
                throw DocumentException.refused(id, problems);
            }
            if (now.isEmpty() || !Arrays.equals(now.get(), content)) {
                io(() -> {
                    configurations.write(pid(id), content);
                    return null;
                });
            }
        }
    }

    @Override
    public Resolution resolve(DocumentVersion keep) throws DocumentException {
        return cluster.resolve(keep);
    }

    /**
     * Why the API does not write {@code id} here: not a document it serves, or no validator on this node checks it (a
     * document of the operator's own that config sync replicates unchecked is written unchecked, as sync would).
     */
    Optional<String> notWritable(String id) {
        boolean replicated = cluster.replicated(id);
        if (!replicated && !served(id)) {
            return Optional.of(id + " is neither one of Vireo's configurations nor a replicated document");
        }
        if (replicated && !ReplicatedDocuments.vireoDocument(id) || cluster.validators().covers(id)) {
            return Optional.empty();
        }
        return Optional.of("no validator of " + id + " on this node: the API writes only what the parse of the"
            + " bundle that runs it checks, and that bundle does not run here (its role's feature is not installed)");
    }

    /** Vireo's own PIDs, and the replicated documents. */
    private boolean served(String id) {
        return id.startsWith(DocumentPatterns.PID_PREFIX) && ReplicatedDocuments.vireoDocument(id)
            || cluster.replicated(id);
    }

    private Optional<byte[]> local(String id) throws DocumentException {
        if (!id.startsWith(DocumentPatterns.PID_PREFIX)) {
            return Optional.empty(); // a replicated file without a record: config sync has not taken it in
        }
        return io(() -> configurations.read(pid(id)));
    }

    private static String pid(String id) {
        return id.substring(DocumentPatterns.PID_PREFIX.length());
    }

    private interface Io<T> {
        T run() throws IOException;
    }

    private static <T> T io(Io<T> call) throws DocumentException {
        try {
            return call.run();
        } catch (IOException e) {
            throw DocumentException.failed("configuration: " + e.getMessage(), e);
        }
    }
}
