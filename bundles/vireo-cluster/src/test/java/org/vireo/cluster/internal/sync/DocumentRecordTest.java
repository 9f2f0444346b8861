package org.vireo.cluster.internal.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.cluster.DocumentVersion;

class DocumentRecordTest {

    private static final String ID = "file:vireo/rules.conf";

    private static DocumentVersion v(long millis, String node) {
        return new DocumentVersion(millis, 0, node);
    }

    private static Edit edit(DocumentVersion version, VersionVector before, String content) {
        byte[] b = content.getBytes(StandardCharsets.UTF_8);
        return new Edit(version, before.with(version), false, DocumentRecord.digest(b), b.length);
    }

    private static DocumentRecord after(DocumentRecord r, DocumentVersion version, String content) {
        return r.with(edit(version, r.seenByNextEdit(), content), content.getBytes(StandardCharsets.UTF_8));
    }

    private final DocumentRecord base = DocumentRecord.first(ID, edit(v(100, "n1"), VersionVector.EMPTY, "base"),
        "base".getBytes(StandardCharsets.UTF_8));

    @Test
    void aLaterEditReplacesTheOneItSawWithoutAConflict() {
        DocumentRecord next = after(base, v(200, "n2"), "second");

        DocumentRecord merged = base.merge(next);

        assertThat(merged.current().version()).isEqualTo(v(200, "n2"));
        assertThat(new String(merged.content().orElseThrow())).isEqualTo("second");
        assertThat(merged.losers()).isEmpty();
    }

    @Test
    void concurrentEditsConvergeToTheHigherVersionAndKeepTheLoserWithItsContent() {
        DocumentRecord left = after(base, v(300, "n1"), "left");
        DocumentRecord right = after(base, v(250, "n3"), "right");

        DocumentRecord a = left.merge(right);
        DocumentRecord b = right.merge(left);

        assertThat(a.sameAs(b)).isTrue();
        assertThat(a.fingerprint()).isEqualTo(b.fingerprint());
        assertThat(new String(a.content().orElseThrow())).isEqualTo("left");
        assertThat(a.losers()).extracting(Edit::version).containsExactly(v(250, "n3"));
        assertThat(new String(b.contentOf(v(250, "n3")).orElseThrow())).isEqualTo("right");
    }

    @Test
    void anEditOverwrittenOnItsOwnSideBeforeTheMergeIsNotALoserButItsSuccessorIs() {
        DocumentRecord right1 = after(base, v(200, "n2"), "r1");
        DocumentRecord right2 = after(right1, v(260, "n2"), "r2");
        DocumentRecord left = after(base, v(300, "n1"), "left");

        DocumentRecord merged = right2.merge(left);

        assertThat(merged.losers()).extracting(Edit::version).containsExactly(v(260, "n2"));
        assertThat(merged.contentOf(v(200, "n2"))).isEmpty();
    }

    @Test
    void aLostEditStaysLostAfterTheNextEditOnTopOfTheMerge() {
        DocumentRecord merged = after(base, v(300, "n1"), "left").merge(after(base, v(250, "n3"), "right"));

        DocumentRecord next = after(merged, v(400, "n3"), "after");

        assertThat(next.losers()).extracting(Edit::version).containsExactly(v(250, "n3"));
        assertThat(new String(next.content().orElseThrow())).isEqualTo("after");
    }

    /** An operator's resolution on top of {@code r}, keeping {@code content}: it saw everything r holds. */
    private static DocumentRecord resolved(DocumentRecord r, DocumentVersion version, String content) {
        byte[] b = content.getBytes(StandardCharsets.UTF_8);
        return r.with(new Edit(version, r.seenByNextEdit().with(version), false, DocumentRecord.digest(b), b.length,
            true), b);
    }

    @Test
    void aResolutionSettlesTheConflictItSaw_inWhateverOrderTheRecordsMerge() {
        DocumentRecord left = after(base, v(300, "n1"), "left");
        DocumentRecord right = after(base, v(250, "n3"), "right");
        DocumentRecord resolution = resolved(left.merge(right), v(400, "n3"), "right");

        for (DocumentRecord r : List.of(resolution.merge(left).merge(right), right.merge(resolution).merge(left),
            left.merge(right).merge(resolution))) {
            assertThat(r.losers()).isEmpty();
            assertThat(r.sameAs(resolution)).isTrue();
            assertThat(new String(r.content().orElseThrow())).isEqualTo("right");
        }
    }

    @Test
    void anEditConcurrentWithAResolutionIsANewConflict_theOneItSettledStaysSettled() {
        DocumentRecord conflicted = after(base, v(300, "n1"), "left").merge(after(base, v(250, "n3"), "right"));
        DocumentRecord resolution = resolved(conflicted, v(400, "n3"), "right");
        DocumentRecord meanwhile = after(conflicted, v(410, "n1"), "meanwhile");

        DocumentRecord merged = resolution.merge(meanwhile);

        assertThat(merged.losers()).extracting(Edit::version).containsExactly(v(400, "n3"));
    }

    @Test
    void anOrdinaryEditOnTopOfAConflictDoesNotSettleIt() {
        DocumentRecord conflicted = after(base, v(300, "n1"), "left").merge(after(base, v(250, "n3"), "right"));

        assertThat(after(conflicted, v(400, "n3"), "third").losers()).extracting(Edit::version)
            .containsExactly(v(250, "n3"));
    }

    @Test
    void aLostEditsContentAppliedAgainBringsItBack_andItIsNoLongerListed() {
        DocumentRecord conflicted = after(base, v(300, "n1"), "left").merge(after(base, v(250, "n3"), "right"));

        assertThat(after(conflicted, v(400, "n1"), "right").losers()).isEmpty();
    }

    @Test
    void aResolutionReadsBackFromTheWire_andARecordWithoutOneKeepsThePreviousFormat() throws IOException {
        DocumentRecord plain = after(base, v(300, "n1"), "left").merge(after(base, v(250, "n3"), "right"));
        DocumentRecord resolution = resolved(plain, v(400, "n3"), "right");

        DocumentRecord back = RecordCodec.read(SyncMessages.input(encode(resolution)));

        assertThat(back.current().resolution()).isTrue();
        assertThat(back.history().headSet(back.current())).noneMatch(Edit::resolution);
        assertThat(back.losers()).isEmpty();
        byte[] old = encode(plain);
        int countAt = 2 + ID.getBytes(StandardCharsets.UTF_8).length; // after the id (writeUTF: length, bytes)
        assertThat(((old[countAt] & 0xff) << 8) | (old[countAt + 1] & 0xff)).as("the edit count, no flag")
            .isEqualTo(3);
        assertThat(RecordCodec.read(SyncMessages.input(old)).history()).noneMatch(Edit::resolution);
    }

    private static byte[] encode(DocumentRecord r) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordCodec.write(new DataOutputStream(bytes), r);
        return bytes.toByteArray();
    }

    @Test
    void anEditWhoseTwinWasOverwrittenKnowinglyDoesNotTurnUpLaterAsALoserWithoutItsContent() {
        DocumentRecord left = after(base, v(200, "n1"), "same");
        DocumentRecord right = after(base, v(210, "n2"), "same");
        DocumentRecord leftHeard = left.merge(right); // no conflict: n1 keeps only the content in force
        DocumentRecord rightMovedOn = after(right, v(300, "n2"), "next"); // n2 had not heard of n1's edit
        DocumentRecord third = after(base, v(400, "n3"), "third"); // and n3 of neither

        DocumentRecord healed = leftHeard.merge(rightMovedOn);
        DocumentRecord all = healed.merge(third);

        assertThat(healed.losers()).isEmpty();
        assertThat(all.losers()).extracting(Edit::version).containsExactly(v(300, "n2"));
        assertThat(all.contentOf(v(300, "n2")).map(String::new)).contains("next");
    }

    @Test
    void concurrentEditsToTheSameContentAreNoConflict() {
        DocumentRecord merged = after(base, v(300, "n1"), "same").merge(after(base, v(250, "n3"), "same"));

        assertThat(merged.losers()).isEmpty();
    }

    @Test
    void theHistoryKeepsTheNewestEditsOnly() {
        DocumentRecord r = base;
        for (int i = 1; i <= DocumentRecord.HISTORY_LIMIT + 10; i++) {
            r = after(r, v(100 + i, "n1"), "c" + i);
        }
        assertThat(r.history()).hasSize(DocumentRecord.HISTORY_LIMIT);
        assertThat(r.history().first().version().millis()).isEqualTo(100 + 11);
    }

    @Test
    void aRecordReadsBackFromTheWireAndFromTheStoreAsItWasWritten(@TempDir Path dir) throws IOException {
        DocumentRecord r = after(base, v(300, "n1"), "left").merge(after(base, v(250, "n3"), "right"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordCodec.write(new DataOutputStream(bytes), r);

        DocumentRecord wire = RecordCodec.read(SyncMessages.input(bytes.toByteArray()));
        DocumentStore store = new DocumentStore(dir);
        store.save(r);
        store.markApplied(r.id(), r.current().version());
        List<String> problems = new ArrayList<>();
        DocumentRecord disk = new DocumentStore(dir).loadAll(problems).get(0);

        for (DocumentRecord back : List.of(wire, disk)) {
            assertThat(back.sameAs(r)).isTrue();
            assertThat(back.losers()).isEqualTo(r.losers());
            assertThat(new String(back.contentOf(v(250, "n3")).orElseThrow())).isEqualTo("right");
        }
        assertThat(problems).isEmpty();
        assertThat(store.applied(r.id())).contains(v(300, "n1"));
    }

    @Test
    void aDamagedStoredRecordIsReportedAndSkipped(@TempDir Path dir) throws IOException {
        DocumentStore store = new DocumentStore(dir);
        store.save(base);
        java.nio.file.Files.write(dir.resolve(DocumentStore.fileName("pid:x")), new byte[] {1, 2, 3});
        List<String> problems = new ArrayList<>();

        List<DocumentRecord> loaded = store.loadAll(problems);

        assertThat(loaded).extracting(DocumentRecord::id).containsExactly(ID);
        assertThat(problems).singleElement().asString().contains(DocumentStore.fileName("pid:x"));
    }
}
