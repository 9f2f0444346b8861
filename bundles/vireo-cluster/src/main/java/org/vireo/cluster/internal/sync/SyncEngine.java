package org.vireo.cluster.internal.sync;

import java.io.DataInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.DocumentException;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.VersionedDocuments;
import org.vireo.cluster.internal.version.HybridClock;
import org.vireo.config.ConfigErrors;

/**
 * Config sync, pure: keeps this node's records of the replicated documents, turns local changes into versioned
 * edits sent to every member, merges what members send, applies the winners locally, and runs anti-entropy
 * (digests compared with the view's coordinator; what differs is pulled or pushed). Not thread-safe: one thread
 * (the component's) calls it; the clock, the store, the local documents and the peers are injected.
 *
 * <p>Echoes are not a problem: a document applied here reads back with the record's content, which is no change.
 */
public final class SyncEngine {

    /** Records per message, bounded by their content size so one message stays a few MB at most. */
    static final int BATCH_BYTES = 1 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(SyncEngine.class);

    private final String self;
    private final HybridClock clock;
    private final DocumentStore store;
    private final LocalDocuments local;
    private final Peers peers;
    private final Supplier<Instant> now;
    private final Map<String, DocumentRecord> records = new TreeMap<>();
    private final Map<String, DocumentVersion> applied = new HashMap<>();
    private final Map<String, String> refused = new TreeMap<>();
    private final Map<String, String> unapplied = new TreeMap<>();
    /** Records held back because this node's validator refuses them: id -> the digest of what stays in force here. */
    private final Map<String, byte[]> heldBack = new HashMap<>();
    private final List<SyncListener> listeners = new ArrayList<>();
    private Instant lastSync;
    private Instant lastChange;
    private volatile long fingerprint = 1125899906842597L;
    private volatile Map<String, DocumentVersion> currentVersions = Map.of();

    public SyncEngine(String self, HybridClock clock, DocumentStore store, LocalDocuments local, Peers peers,
                      Supplier<Instant> now) {
        this.self = self;
        this.clock = clock;
        this.store = store;
        this.local = local;
        this.peers = peers;
        this.now = now;
    }

    /** Told on the engine's thread of what happens to the documents here; the rest do nothing by default. */
    public interface SyncListener {

        /** Every record that changed here, after it was applied (or failed to be). */
        void changed(DocumentRecord record, boolean local);

        /** A version is in force here now: an edit made here ({@code local}, and sent), or a member's, applied. */
        default void applied(String id, DocumentVersion version, boolean local) {
        }

        /**
         * A version is refused here: a change made here that fails validation (never sent; {@code version} empty),
         * or a member's version, held back while this node keeps its own. Told once per new reason.
         */
        default void refused(String id, Optional<DocumentVersion> version, String reason) {
        }

        /** Concurrent edits: {@code lost} is kept (cluster:conflicts) but {@code winner} is in force. */
        default void conflict(String id, DocumentVersion lost, DocumentVersion winner) {
        }
    }

    public void addListener(SyncListener listener) {
        listeners.add(listener);
    }

    /** A listener that fails is logged; the engine and the other listeners go on. */
    private void tell(Consumer<SyncListener> call) {
        for (SyncListener l : listeners) {
            try {
                call.accept(l);
            } catch (RuntimeException e) {
                LOG.warn("config sync: a listener failed", e);
            }
        }
    }

    /**
     * Loads the stored records and reconciles them with the local documents: a document changed, made or deleted
     * while the node was down becomes an edit; at the node's very first start (no records stored) each document
     * becomes this node's initial edit (version 0, which any cluster change outranks); a record not yet applied is
     * applied.
     */
    public void start() throws IOException {
        List<String> problems = new ArrayList<>();
        for (DocumentRecord r : store.loadAll(problems)) {
            if (!local.replicated(r.id())) {
                continue; // no longer replicated by this node's settings: kept on disk, not used
            }
            recordChanged(r);
            for (Edit e : r.history()) {
                try {
                    clock.observe(e.version());
                } catch (IllegalArgumentException ahead) {
                    problems.add(r.id() + ": " + ahead.getMessage());
                }
            }
            store.applied(r.id()).ifPresent(v -> applied.put(r.id(), v));
        }
        problems.forEach(p -> LOG.warn("config sync: stored record skipped: {}", p));
        // only at the very first start are the documents found here the node's initial state; a document that
        // appears at a later start was made while the node was down: an edit like any other
        boolean firstStart = records.isEmpty() && problems.isEmpty();
        Set<String> ids = new TreeSet<>(local.present());
        ids.addAll(records.keySet());
        for (String id : ids) {
            if (!records.containsKey(id) && !firstStart) {
                localChanged(id);
            } else if (!records.containsKey(id)) {
                Optional<byte[]> content = local.read(id);
                if (content.isPresent() && valid(id, content.get())) {
                    DocumentVersion initial = new DocumentVersion(0, 0, self);
                    commitLocal(id, null, initial, content.get(), false);
                }
            } else if (!records.get(id).current().version().equals(applied.get(id))) {
                apply(records.get(id));
            } else {
                localChanged(id);
            }
        }
    }

    /**
     * A replicated document may have changed here (ConfigurationAdmin event, file event, or a rescan): if its
     * content differs from the record's, it is an edit, versioned and sent to every member, unless it fails
     * validation, in which case it is refused here and never sent.
     */
    public void localChanged(String id) throws IOException {
        if (!local.replicated(id)) {
            return;
        }
        DocumentRecord r = records.get(id);
        Optional<byte[]> content = local.read(id);
        if (r != null && !r.current().version().equals(applied.get(id))) {
            byte[] inForce = heldBack.get(id);
            if (inForce == null) {
                apply(r); // the local copy is behind the record (an apply failed): not an edit of the operator's
                return;
            }
            if (Arrays.equals(inForce, DocumentRecord.digest(content.orElse(new byte[0])))) {
                return; // the cluster's version is held back as invalid here; this node's is still in force
            }
            // the operator changed the document while the cluster's version was held back: an edit over it
        }
        if (r == null ? content.isEmpty() : sameContent(r, content)) {
            refused.remove(id);
            return;
        }
        if (content.isPresent() && restoredBlank(r, content.get())) {
            return;
        }
        if (content.isPresent() && !valid(id, content.get())) {
            return;
        }
        refused.remove(id);
        commitLocal(id, r, clock.stamp(), content.orElse(null), true);
    }

    /**
     * A PID found emptied here that this node refuses gets the version in force back. Karaf's file install truncates
     * a {@code .cfg} file before writing it again, and its watcher can read the file in between: the configuration
     * turns empty and file install writes that back, so the node would hold nothing (its components keep their
     * last configuration, refusing the empty one, until they restart). An operator removes a PID by deleting it.
     * Only when the record's version is the one in force here: one held back leaves nothing to write back from.
     */
    private boolean restoredBlank(DocumentRecord r, byte[] content) throws IOException {
        String id = r == null ? null : r.id();
        if (r == null || r.current().deleted() || !r.current().version().equals(applied.get(id))
            || !local.blank(id, content) || local.problem(id, content).isEmpty()) {
            return false;
        }
        Optional<byte[]> inForce = r.content();
        if (inForce.isEmpty()) {
            return false;
        }
        LOG.warn("config sync: {} was found empty here (its file read while being written?): version {}, in force,"
            + " is written back", id, r.current().version());
        local.write(id, inForce.get());
        return true;
    }

    /** Whether this node's validators accept the content; if not, the document is refused here, never sent. */
    private boolean valid(String id, byte[] content) {
        Optional<String> problem = local.problem(id, content);
        if (problem.isEmpty()) {
            return true;
        }
        if (!problem.get().equals(refused.put(id, problem.get()))) {
            LOG.warn("config sync: the change of {} here is not sent to the cluster: {}", id, problem.get());
            tell(l -> l.refused(id, Optional.empty(), problem.get()));
        }
        return false;
    }

    private static boolean sameContent(DocumentRecord r, Optional<byte[]> content) {
        Edit current = r.current();
        if (content.isEmpty()) {
            return current.deleted();
        }
        return !current.deleted() && Arrays.equals(current.sha256(), DocumentRecord.digest(content.get()));
    }

    /**
     * The management API's write: {@code content} becomes the document's content, as an edit made here, if
     * {@code expected} is its current version (empty: the document must not exist) and this node's validators accept
     * it; it is then written locally and sent at once. The check and the edit are one call on the engine's thread:
     * nothing comes in between. An edit of the operator's that no event has reported yet is taken up first, so a
     * version read before it is stale.
     *
     * @return the version in force after it: the new edit's, or the current one when the content is the same
     */
    public DocumentVersion write(String id, byte[] content, Optional<String> expected)
        throws IOException, DocumentException {
        DocumentRecord r = takeUp(id);
        Optional<String> current = existing(r).map(DocumentVersion::toString);
        if (!current.equals(expected)) {
            throw DocumentException.stale(id, expected, current);
        }
        refuseInvalid(id, content);
        if (r != null && r.current().version().equals(applied.get(id)) && sameContent(r, Optional.of(content))) {
            return r.current().version(); // the same content: no edit
        }
        local.write(id, content);
        // what reads back (a PID's canonical text): the event of the write then finds no change
        commitLocal(id, r, clock.stamp(), local.read(id).orElse(content), true, false);
        return records.get(id).current().version();
    }

    /**
     * Resolves the conflict that the edit {@code keep} is part of by keeping it: the winner, or a lost edit whose
     * content comes back. A new edit made here with that content, marked a resolution: it saw both sides, so no edit
     * it saw counts as lost any more, on every node once it arrives (a property of the edit, which merges like any
     * other).
     */
    public VersionedDocuments.Resolution resolve(DocumentVersion keep) throws IOException, DocumentException {
        DocumentRecord involved = records.values().stream()
            .filter(x -> !x.losers().isEmpty() && (x.current().version().equals(keep) || x.lostEdit(keep).isPresent()))
            .findFirst()
            .orElseThrow(() -> DocumentException.of(DocumentException.Kind.NOT_FOUND, "no conflict involves version "
                + keep + " (cluster:conflicts lists them)"));
        String id = involved.id();
        DocumentRecord r = takeUp(id);
        Edit kept = r == null || r.losers().isEmpty() ? null
            : r.current().version().equals(keep) ? r.current() : r.lostEdit(keep).orElse(null);
        if (kept == null) {
            throw DocumentException.of(DocumentException.Kind.NOT_FOUND, "no conflict of " + id + " involves version "
                + keep + " (cluster:conflicts lists them)");
        }
        Optional<byte[]> content = kept.deleted() ? Optional.empty() : r.contentOf(keep);
        if (!kept.deleted() && content.isEmpty()) {
            throw DocumentException.of(DocumentException.Kind.NOT_FOUND, "the content of " + keep + " never reached "
                + "this node: resolve it on a node that keeps it (cluster:conflicts, 'Content kept')");
        }
        if (content.isPresent()) {
            refuseInvalid(id, content.get());
            local.write(id, content.get());
        } else {
            local.delete(id);
        }
        commitLocal(id, r, clock.stamp(), content.orElse(null), true, true);
        LOG.info("config sync: the conflict of {} is resolved here, keeping {}", id, keep);
        return new VersionedDocuments.Resolution(id, keep, r.current().version(), records.get(id).current().version());
    }

    /** The record of a replicated document after taking up a change of it here that no event has reported yet. */
    private DocumentRecord takeUp(String id) throws IOException, DocumentException {
        if (!local.replicated(id)) {
            throw DocumentException.of(DocumentException.Kind.NOT_WRITABLE, id + " is not a replicated document here");
        }
        localChanged(id);
        return records.get(id);
    }

    /** The current version of a document that exists: none for one never made or deleted. */
    private static Optional<DocumentVersion> existing(DocumentRecord r) {
        return r == null || r.current().deleted() ? Optional.empty() : Optional.of(r.current().version());
    }

    private void refuseInvalid(String id, byte[] content) throws DocumentException {
        List<String> problems = local.problems(id, content);
        if (!problems.isEmpty()) {
            throw DocumentException.refused(id, problems);
        }
    }

    private void commitLocal(String id, DocumentRecord r, DocumentVersion version, byte[] content, boolean send)
        throws IOException {
        commitLocal(id, r, version, content, send, false);
    }

    private void commitLocal(String id, DocumentRecord r, DocumentVersion version, byte[] content, boolean send,
                             boolean resolution) throws IOException {
        boolean deleted = content == null;
        byte[] bytes = deleted ? new byte[0] : content;
        VersionVector seen = (r == null ? VersionVector.EMPTY : r.seenByNextEdit()).with(version);
        Edit edit = new Edit(version, seen, deleted, DocumentRecord.digest(bytes), bytes.length, resolution);
        DocumentRecord next = r == null ? DocumentRecord.first(id, edit, bytes) : r.with(edit, bytes);
        recordChanged(next);
        LOG.info("config sync: {} changed here, version {}", id, version);
        if (send) {
            // sent before it is stored: a crash in between leaves the document here, which the next start finds
            // changed and sends again as an edit with the same content (no conflict), so nothing waits for the disk
            sendRecords(null, SyncMessages.BROADCAST, List.of(next));
        }
        store.save(next);
        applied.put(id, version);
        store.markApplied(id, version);
        heldBack.remove(id);
        unapplied.remove(id);
        refused.remove(id); // a write over a change refused here replaces it
        lastChange = now.get();
        tell(l -> l.changed(next, true));
        if (send) { // else the node's very first start: its documents as they are, no change
            tell(l -> l.applied(id, version, true));
        }
    }

    /** A payload from a member (its first byte a {@link SyncMessages} kind). */
    public void received(String from, byte[] payload) throws IOException {
        DataInputStream in = SyncMessages.input(payload);
        byte kind = in.readByte();
        switch (kind) {
            case SyncMessages.BROADCAST, SyncMessages.PUSH, SyncMessages.REPLY ->
                merge(from, kind, SyncMessages.readRecords(in));
            case SyncMessages.DIGEST -> compare(from, SyncMessages.readDigest(in));
            case SyncMessages.PULL -> answerPull(from, SyncMessages.readPull(in));
            default -> LOG.warn("config sync: message of unknown kind {} from {} ignored", kind, from);
        }
    }

    private void merge(String from, byte kind, List<DocumentRecord> incoming) throws IOException {
        List<DocumentRecord> knownBetter = new ArrayList<>();
        List<DocumentRecord> learned = new ArrayList<>();
        List<DocumentRecord> toApply = new ArrayList<>();
        for (DocumentRecord in : incoming) {
            if (!local.replicated(in.id())) {
                LOG.warn("config sync: {} from {} is not a replicated document here (check replicatedPids and "
                    + "replicatedFiles in etc/org.vireo.cluster.cfg on both): ignored", in.id(), from);
                continue;
            }
            try {
                in.history().forEach(e -> clock.observe(e.version()));
            } catch (IllegalArgumentException ahead) {
                LOG.warn("config sync: {} from {} refused: {}", in.id(), from, ahead.getMessage());
                continue;
            }
            DocumentRecord mine = records.get(in.id());
            DocumentRecord merged = mine == null ? in : mine.merge(in);
            if (mine == null || !merged.current().equals(mine.current())) {
                // about to apply: an edit of the operator's here that no event has reported yet goes in first
                DocumentRecord seen = withUnnoticedEdit(in.id(), mine);
                if (seen != mine) {
                    mine = seen;
                    merged = mine.merge(in);
                }
            }
            if (mine == null || !merged.sameAs(mine)) {
                recordChanged(merged);
                learned.add(merged);
                if (mine == null || !merged.current().equals(mine.current())) {
                    toApply.add(merged);
                }
                reportNewLosers(mine, merged);
            }
            if (!merged.sameAs(in)) {
                knownBetter.add(merged);
            }
        }
        if (!learned.isEmpty()) {
            store.saveAll(learned); // stored before applied: a crash between them re-applies at the next start
            lastChange = now.get();
            toApply.forEach(this::apply);
            for (DocumentRecord r : learned) {
                tell(l -> l.changed(r, false));
            }
        }
        if (!knownBetter.isEmpty()) {
            // the sender lacks edits this node has (a concurrent edit, or an older partition's): tell it
            if (kind == SyncMessages.BROADCAST) {
                sendRecords(null, SyncMessages.BROADCAST, knownBetter);
            } else {
                sendRecords(from, SyncMessages.PUSH, knownBetter);
            }
        }
        if (kind == SyncMessages.REPLY && !learned.isEmpty()) {
            // pulled from one member: the rest of the view may lack it too
            sendRecords(null, SyncMessages.BROADCAST, learned);
        }
        if (kind != SyncMessages.BROADCAST) {
            lastSync = now.get();
        }
    }

    /**
     * The record of {@code id} after taking up a change of the local document that no event has reported yet (the
     * file watcher's event or ConfigurationAdmin's comes a moment after the write): applying a member's version
     * over it would lose the operator's edit unseen. Taken up, it is an edit like any other, so a concurrent one
     * from a member is a conflict with both kept.
     */
    private DocumentRecord withUnnoticedEdit(String id, DocumentRecord mine) throws IOException {
        Optional<byte[]> content = local.read(id);
        boolean unnoticed;
        if (mine == null) {
            unnoticed = content.isPresent();
        } else if (mine.current().version().equals(applied.get(id))) {
            unnoticed = !sameContent(mine, content);
        } else {
            byte[] inForce = heldBack.get(id); // held back: what is in force here is the node's own document
            unnoticed = inForce != null && !Arrays.equals(inForce, DocumentRecord.digest(content.orElse(new byte[0])));
        }
        if (unnoticed) {
            localChanged(id);
        }
        return records.get(id);
    }

    private void reportNewLosers(DocumentRecord before, DocumentRecord after) {
        for (Edit lost : after.losers()) {
            if (before == null || !before.losers().contains(lost)) {
                LOG.warn("config sync: conflict on {}: edit {} lost to {}, which is in force; the lost edit is kept "
                    + "(cluster:conflicts)", after.id(), lost.version(), after.current().version());
                tell(l -> l.conflict(after.id(), lost.version(), after.current().version()));
            }
        }
    }

    /**
     * Makes the local document hold the record's current version, unless this node's validators refuse it (a peer
     * with other rules, an older node): then it is held back, this node keeps what it has in force, and
     * {@link #unapplied} says why (checked again at each sync, where a validator may have come since).
     */
    private void apply(DocumentRecord r) {
        String id = r.id();
        try {
            Optional<byte[]> content = r.content();
            Optional<String> problem = content.flatMap(c -> local.problem(id, c));
            if (problem.isPresent()) {
                holdBack(r, problem.get());
                return;
            }
            Optional<byte[]> here = local.read(id);
            if (takenUpInstead(r, here)) {
                return;
            }
            // the same content here already (members that started from the same shipped file): nothing to write, so
            // nothing that could land on an edit the operator saves at this moment
            if (!sameContent(r, here) && !local.replace(id, here, content)) {
                keepLocalEdit(r, DocumentRecord.digest(here.orElse(new byte[0])));
                return;
            }
            applied.put(id, r.current().version());
            store.markApplied(id, r.current().version());
            unapplied.remove(id);
            heldBack.remove(id);
            LOG.info("config sync: {} applied, version {}", id, r.current().version());
            tell(l -> l.applied(id, r.current().version(), false));
        } catch (IOException | RuntimeException e) {
            unapplied.put(id, ConfigErrors.shorten(String.valueOf(e.getMessage()), ConfigErrors.MAX_CHARS));
            LOG.warn("config sync: {} version {} could not be applied here (retried at the next sync): {}", id,
                r.current().version(), e.toString());
        }
    }

    /**
     * An edit of the operator's that came after the merge looked for one (while the version was stored and checked;
     * its file event still on its way) is not written over: what is in force here counts as held back, and the edit
     * is taken up now, an edit over the member's version, sent to every member.
     */
    private boolean takenUpInstead(DocumentRecord r, Optional<byte[]> here) throws IOException {
        byte[] inForce = inForceDigest(r);
        if (inForce == null || Arrays.equals(inForce, DocumentRecord.digest(here.orElse(new byte[0])))
            || sameContent(r, here)) {
            return false;
        }
        keepLocalEdit(r, inForce);
        return true;
    }

    /**
     * The operator's edit found in place of {@code inForce} (its digest), what this node had in force, as the
     * record's version was to be written: it counts as held back, and the edit is taken up over the member's version.
     */
    private void keepLocalEdit(DocumentRecord r, byte[] inForce) throws IOException {
        LOG.info("config sync: {} changed here while version {} was being applied: the change is kept, as an edit"
            + " over it", r.id(), r.current().version());
        heldBack.put(r.id(), inForce);
        localChanged(r.id());
    }

    /** The digest of the version in force here (an empty one for a deletion); null when none is or it is unknown. */
    private byte[] inForceDigest(DocumentRecord r) {
        DocumentVersion inForce = applied.get(r.id());
        for (Edit e : r.history()) {
            if (e.version().equals(inForce)) {
                return e.deleted() ? DocumentRecord.digest(new byte[0]) : e.sha256();
            }
        }
        return null;
    }

    private void holdBack(DocumentRecord r, String problem) throws IOException {
        String why = "refused here, this node keeps its configuration: " + problem;
        if (!heldBack.containsKey(r.id())) { // what is in force since the first refusal: a later change is an edit
            heldBack.put(r.id(), DocumentRecord.digest(local.read(r.id()).orElse(new byte[0])));
        }
        if (!why.equals(unapplied.put(r.id(), why))) {
            LOG.warn("config sync: {} version {} from {} is not applied here: {}", r.id(), r.current().version(),
                r.current().version().node(), why);
            tell(l -> l.refused(r.id(), Optional.of(r.current().version()), problem));
        }
    }

    /** The digest of everything this node has. */
    public List<SyncMessages.DigestEntry> digest() {
        List<SyncMessages.DigestEntry> out = new ArrayList<>(records.size());
        records.values().forEach(r -> out.add(
            new SyncMessages.DigestEntry(r.id(), r.current().version(), r.fingerprint())));
        return out;
    }

    private void compare(String from, List<SyncMessages.DigestEntry> theirs) throws IOException {
        Set<String> mentioned = new HashSet<>();
        List<String> pull = new ArrayList<>();
        List<DocumentRecord> push = new ArrayList<>();
        for (SyncMessages.DigestEntry e : theirs) {
            mentioned.add(e.id());
            if (!local.replicated(e.id())) {
                continue;
            }
            DocumentRecord mine = records.get(e.id());
            if (mine == null || e.version().isNewerThan(mine.current().version())) {
                pull.add(e.id());
            } else if (mine.fingerprint() != e.fingerprint()) {
                push.add(mine);
            }
        }
        for (DocumentRecord r : records.values()) {
            if (!mentioned.contains(r.id())) {
                push.add(r);
            }
        }
        if (!pull.isEmpty()) {
            peers.send(from, SyncMessages.pull(pull));
        }
        sendRecords(from, SyncMessages.PUSH, push);
        lastSync = now.get();
    }

    private void answerPull(String from, List<String> ids) {
        List<DocumentRecord> out = new ArrayList<>();
        for (String id : ids) {
            DocumentRecord r = records.get(id);
            if (r != null) {
                out.add(r);
            }
        }
        sendRecords(from, SyncMessages.REPLY, out);
    }

    /**
     * Anti-entropy now: this node's digest to the coordinator, which pushes what this node lacks and pulls what
     * it has newer; the coordinator itself sends its digest to everyone. Also retries applies that failed.
     */
    public void sync() throws IOException {
        for (String id : List.copyOf(unapplied.keySet())) {
            DocumentRecord r = records.get(id);
            if (r != null) {
                apply(r);
            }
        }
        byte[] digest = SyncMessages.digest(digest());
        String coordinator = peers.coordinator();
        if (self.equals(coordinator)) {
            peers.broadcast(digest);
        } else {
            peers.send(coordinator, digest);
        }
    }

    private void sendRecords(String to, byte kind, Collection<DocumentRecord> out) {
        List<DocumentRecord> batch = new ArrayList<>();
        long bytes = 0;
        for (DocumentRecord r : out) {
            long size = 0;
            for (byte[] c : r.contents().values()) {
                size += c.length;
            }
            if (!batch.isEmpty() && bytes + size > BATCH_BYTES) {
                send(to, SyncMessages.records(kind, batch));
                batch = new ArrayList<>();
                bytes = 0;
            }
            batch.add(r);
            bytes += size;
        }
        if (!batch.isEmpty()) {
            send(to, SyncMessages.records(kind, batch));
        }
    }

    private void send(String to, byte[] payload) {
        if (to == null) {
            peers.broadcast(payload);
        } else {
            peers.send(to, payload);
        }
    }

    public Map<String, DocumentRecord> records() {
        return java.util.Collections.unmodifiableMap(records);
    }

    /** Local changes refused by validation (never sent): document -> why. */
    public Map<String, String> refused() {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(refused));
    }

    /** Records whose current version could not be applied here: document -> the error. */
    public Map<String, String> unapplied() {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(unapplied));
    }

    public Optional<Instant> lastSync() {
        return Optional.ofNullable(lastSync);
    }

    public Optional<Instant> lastChange() {
        return Optional.ofNullable(lastChange);
    }

    /**
     * One number for everything this node has: equal on two nodes that hold the same edits of every document. Safe
     * to read from any thread (the registry reports it from its own).
     */
    public long stateFingerprint() {
        return fingerprint;
    }

    /**
     * Each document's version in force here, what {@code /cluster/sync} compares across nodes. Safe to read from any
     * thread, like the fingerprint.
     */
    public Map<String, DocumentVersion> currentVersions() {
        return currentVersions;
    }

    private void recordChanged(DocumentRecord r) {
        records.put(r.id(), r);
        long h = 1125899906842597L;
        Map<String, DocumentVersion> versions = new TreeMap<>();
        for (DocumentRecord each : records.values()) {
            h = 31 * h + each.id().hashCode();
            h = 31 * h + each.fingerprint();
            versions.put(each.id(), each.current().version());
        }
        fingerprint = h;
        currentVersions = Collections.unmodifiableMap(versions);
    }
}
