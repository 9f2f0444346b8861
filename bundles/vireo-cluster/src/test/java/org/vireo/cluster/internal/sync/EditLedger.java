package org.vireo.cluster.internal.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.vireo.cluster.DocumentVersion;

/**
 * The edits a test made, and the checks of convergence at the end: every member holds the same records and applied
 * the current content locally, and no edit is lost — each one is the winner, a kept loser with its content, was
 * overwritten by an edit made knowing it, or left the same content as one of those.
 */
public final class EditLedger {

    /** One edit made by the test's operator. */
    public record Made(String doc, DocumentVersion version, byte[] content) {
    }

    /** One member's state at the end: its records and its local documents. */
    public record Replica(String name, Map<String, DocumentRecord> records, Map<String, byte[]> docs,
                          long fingerprint) {
    }

    private final List<Made> made = new ArrayList<>();

    public synchronized void made(String doc, DocumentVersion version, byte[] content) {
        made.add(new Made(doc, version, content));
    }

    /** Notes the current edits of {@code node} in {@code records} not noted yet (made at a restart). */
    public synchronized void noteOwnCurrentEdits(String node, Collection<DocumentRecord> records) {
        for (DocumentRecord r : records) {
            Edit e = r.current();
            if (e.version().node().equals(node) && !e.initial()
                && made.stream().noneMatch(m -> m.version().equals(e.version()))) {
                made.add(new Made(r.id(), e.version(), r.content().orElse(null)));
            }
        }
    }

    public synchronized int size() {
        return made.size();
    }

    /** Lost edits in {@code records} that this ledger did not see being made (for diagnosis). */
    public synchronized List<String> unknownLosers(Collection<DocumentRecord> records) {
        List<String> out = new ArrayList<>();
        for (DocumentRecord r : records) {
            for (Edit e : r.losers()) {
                if (made.stream().noneMatch(m -> m.version().equals(e.version()))) {
                    out.add(r.id() + " " + e);
                }
            }
        }
        return out;
    }

    public synchronized void assertConverged(String label, List<Replica> replicas, Collection<String> docs) {
        Replica first = replicas.get(0);
        for (Replica n : replicas) {
            assertThat(n.fingerprint()).as("%s: %s and %s hold the same edits", label, n.name(), first.name())
                .isEqualTo(first.fingerprint());
            for (String doc : docs) {
                DocumentRecord r = n.records().get(doc);
                byte[] local = n.docs().get(doc);
                if (r == null) {
                    assertThat(local).as("%s: %s %s", label, n.name(), doc).isNull();
                    continue;
                }
                assertThat(r.sameAs(first.records().get(doc))).as("%s: %s %s", label, n.name(), doc).isTrue();
                assertThat(local == null ? null : new String(local))
                    .as("%s: %s applied %s", label, n.name(), doc)
                    .isEqualTo(r.content().map(String::new).orElse(null));
            }
        }
        for (Made m : made) {
            for (Replica n : replicas) {
                DocumentRecord r = n.records().get(m.doc());
                assertThat(r).as("%s: %s has a record of %s", label, n.name(), m.doc()).isNotNull();
                Edit e = r.history().stream().filter(x -> x.version().equals(m.version())).findFirst().orElse(null);
                assertThat(e).as("%s: %s knows edit %s of %s", label, n.name(), m.version(), m.doc()).isNotNull();
                boolean winner = r.current().equals(e);
                boolean loser = r.losers().contains(e);
                boolean overwritten = r.history().stream().anyMatch(f -> f.saw(e));
                // a twin (an edit that left the same content) stands for it: current, lost, or overwritten knowingly
                boolean sameAsKept = r.history().stream().anyMatch(f -> f.sameOutcome(e) && (f.equals(r.current())
                    || r.losers().contains(f) || f.saw(e) || r.history().stream().anyMatch(g -> g.saw(f))));
                assertThat(winner || loser || overwritten || sameAsKept)
                    .as("%s: edit %s of %s on %s: won, lost (kept) or overwritten knowingly: %s", label,
                        m.version(), m.doc(), n.name(), r.history()).isTrue();
                if (loser) {
                    assertThat(r.contentOf(m.version()).map(String::new))
                        .as("%s: the loser's content is kept", label)
                        .isEqualTo(Optional.ofNullable(m.content()).map(String::new).or(() -> Optional.of("")));
                }
            }
        }
    }
}
