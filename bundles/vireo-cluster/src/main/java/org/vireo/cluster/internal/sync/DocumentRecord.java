package org.vireo.cluster.internal.sync;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.TreeSet;

import org.vireo.cluster.DocumentVersion;

/**
 * Everything a node knows of one replicated document: the edits it has seen (the newest {@value #HISTORY_LIMIT}),
 * the content of the current edit and of the edits that lost a conflict. Immutable.
 *
 * <p>Records merge by {@link #merge}: the union of the edits. The current edit is the one with the highest
 * version (a later edit always has a higher version than what it saw: the clock is a hybrid logical clock), the
 * losers are a function of the set of edits, so merging is commutative, associative and idempotent, and nodes that
 * have seen the same edits hold the same record, whatever the order in which the edits reached them. That is what
 * makes concurrent edits on two sides of a partition converge to one winner everywhere, with the loser kept.
 */
public final class DocumentRecord {

    /** Edits remembered per document: the history that {@code cluster:history} shows and conflicts are found in. */
    public static final int HISTORY_LIMIT = 64;

    private final String id;
    private final NavigableSet<Edit> history;
    private final Map<DocumentVersion, byte[]> contents;
    private List<Edit> losers;
    private long fingerprint;

    private DocumentRecord(String id, NavigableSet<Edit> history, Map<DocumentVersion, byte[]> contents) {
        this.id = id;
        this.history = Collections.unmodifiableNavigableSet(history);
        this.contents = Collections.unmodifiableMap(contents);
    }

    /** A record of one edit, the document's first. */
    public static DocumentRecord first(String id, Edit edit, byte[] content) {
        TreeSet<Edit> history = new TreeSet<>();
        history.add(edit);
        Map<DocumentVersion, byte[]> contents = new HashMap<>();
        contents.put(edit.version(), content.clone());
        return new DocumentRecord(id, history, contents);
    }

    /** A record as read from storage or the wire; checks that it holds its current edit's content. */
    public static DocumentRecord of(String id, List<Edit> edits, Map<DocumentVersion, byte[]> contents) {
        if (edits.isEmpty()) {
            throw new IllegalArgumentException("record " + id + " without edits");
        }
        TreeSet<Edit> history = new TreeSet<>(edits);
        while (history.size() > HISTORY_LIMIT) {
            history.pollFirst();
        }
        if (!contents.containsKey(history.last().version())) {
            throw new IllegalArgumentException("record " + id + " lacks the content of its current edit "
                + history.last().version());
        }
        return new DocumentRecord(id, history, new HashMap<>(contents)).trimmed();
    }

    public String id() {
        return id;
    }

    /** The edit in force. */
    public Edit current() {
        return history.last();
    }

    /** The content in force; empty for a deleted document. */
    public Optional<byte[]> content() {
        return current().deleted() ? Optional.empty() : Optional.of(contents.get(current().version()).clone());
    }

    /** The edits seen, oldest first. */
    public NavigableSet<Edit> history() {
        return history;
    }

    /** The content of an edit, if this record keeps it (the current edit's and the losers'; none for a deletion). */
    public Optional<byte[]> contentOf(DocumentVersion version) {
        byte[] b = contents.get(version);
        if (b == null && history.stream().anyMatch(e -> e.version().equals(version) && e.deleted())) {
            return Optional.of(new byte[0]);
        }
        return Optional.ofNullable(b).map(byte[]::clone);
    }

    /** The edit of this version, if it is one of those that lost a conflict. */
    public Optional<Edit> lostEdit(DocumentVersion version) {
        return losers().stream().filter(e -> e.version().equals(version)).findFirst();
    }

    Map<DocumentVersion, byte[]> contents() {
        return contents;
    }

    /**
     * The edits that lost a conflict, newest first: an edit lost if a concurrent edit (neither saw the other) with
     * a higher version and another outcome exists, and nothing made on top of it ignored that winner — an edit
     * overwritten by a later edit of its own side that also did not know the winner is that later edit's
     * predecessor, not a loser. A node's initial document (first start) never counts, nor does an edit an
     * operator's resolution saw (settled, whichever side was kept), nor one with a later twin (an edit that left the
     * same content): the twin stands for both, so that content is listed once, and an edit whose content another
     * node's edit had also made, and which was dropped as no conflict then, never turns up later as a loser without it.
     */
    public synchronized List<Edit> losers() {
        if (losers == null) {
            List<Edit> out = new ArrayList<>();
            for (Edit e : history.descendingSet()) {
                if (e != current() && !e.initial() && !twinAbove(e) && lost(e) && !settled(e)) {
                    out.add(e);
                }
            }
            losers = List.copyOf(out);
        }
        return losers;
    }

    private boolean lost(Edit e) {
        for (Edit winner : history.tailSet(e, false)) {
            if (winner.seen().concurrentWith(e.seen()) && !winner.sameOutcome(e) && !supersededBeside(e, winner)) {
                return true;
            }
        }
        return false;
    }

    private boolean twinAbove(Edit e) {
        return history.tailSet(e, false).stream().anyMatch(e::sameOutcome);
    }

    /** Whether a resolution was made knowing {@code e}: the operator chose, so e is no longer a conflict's loser. */
    private boolean settled(Edit e) {
        for (Edit r : history.tailSet(e, false)) {
            if (r.resolution() && r.saw(e)) {
                return true;
            }
        }
        return false;
    }

    /** Whether some edit made on top of {@code e} did not know {@code winner}: e's own side moved on. */
    private boolean supersededBeside(Edit e, Edit winner) {
        for (Edit f : history.tailSet(e, false)) {
            if (f.saw(e) && !f.seen().covers(winner.seen())) {
                return true;
            }
        }
        return false;
    }

    /** This record with a new edit made here (which saw everything in it) and its content. */
    public DocumentRecord with(Edit edit, byte[] content) {
        TreeSet<Edit> h = new TreeSet<>(history);
        h.add(edit);
        Map<DocumentVersion, byte[]> c = new HashMap<>(contents);
        c.put(edit.version(), content.clone());
        return of(id, List.copyOf(h), c);
    }

    /** What an edit made here now would have seen: everything this record knows. */
    public VersionVector seenByNextEdit() {
        VersionVector v = VersionVector.EMPTY;
        for (Edit e : history) {
            v = v.merge(e.seen());
        }
        return v;
    }

    /** The union of two records of one document. */
    public DocumentRecord merge(DocumentRecord other) {
        if (!other.id.equals(id)) {
            throw new IllegalArgumentException("merging " + other.id + " into " + id);
        }
        if (other.history.equals(history) && other.contents.keySet().containsAll(contents.keySet())) {
            return other;
        }
        TreeSet<Edit> h = new TreeSet<>(history);
        h.addAll(other.history);
        Map<DocumentVersion, byte[]> c = new HashMap<>(contents);
        other.contents.forEach(c::putIfAbsent);
        return of(id, List.copyOf(h), c);
    }

    /** Drops the content no longer needed: only the current edit's and the losers' are kept. */
    private DocumentRecord trimmed() {
        List<Edit> keep = new ArrayList<>(losers());
        keep.add(current());
        if (contents.size() == keep.size()) {
            return this;
        }
        Map<DocumentVersion, byte[]> c = new HashMap<>();
        for (Edit e : keep) {
            byte[] b = contents.get(e.version());
            if (b != null) {
                c.put(e.version(), b);
            }
        }
        return c.size() == contents.size() ? this : new DocumentRecord(id, new TreeSet<>(history), c);
    }

    /**
     * Equal on two nodes exactly when they have seen the same edits: what the digests of anti-entropy compare.
     */
    public synchronized long fingerprint() {
        if (fingerprint == 0) {
            MessageDigest md = sha256();
            for (Edit e : history) {
                md.update(e.version().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            long f = ByteBuffer.wrap(md.digest()).getLong();
            fingerprint = f == 0 ? 1 : f;
        }
        return fingerprint;
    }

    /** Whether both hold the same edits and this one keeps at least the other's contents. */
    public boolean sameAs(DocumentRecord other) {
        return history.equals(other.history);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /** The SHA-256 of a content. */
    public static byte[] digest(byte[] content) {
        return sha256().digest(content);
    }

    @Override
    public String toString() {
        return id + "@" + current().version() + " (" + history.size() + " edits, " + losers().size() + " lost)";
    }
}
