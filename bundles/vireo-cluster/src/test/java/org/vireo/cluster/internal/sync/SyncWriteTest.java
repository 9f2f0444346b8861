package org.vireo.cluster.internal.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.cluster.DocumentException;
import org.vireo.cluster.DocumentVersion;

/**
 * The management API's writes and conflict resolutions in the engine, on values: a write based on the current
 * version is an edit sent at once; a stale one, or one the validator refuses, changes nothing and says why; a
 * resolution, whichever side it keeps, leaves no conflict on any member, and meets a member's concurrent edit as any
 * edit does.
 */
class SyncWriteTest {

    private static final String DOC = "pid:org.vireo.balancer";

    @TempDir
    Path dir;

    private TestCluster cluster;
    private TestCluster.Member a;
    private TestCluster.Member b;

    @BeforeEach
    void twoMembersWithOneDocument() throws IOException {
        cluster = new TestCluster(dir, DOC);
        a = cluster.member("a").start();
        b = cluster.member("b").start();
        a.edit("scanners = base");
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String version(TestCluster.Member m) {
        return m.record().current().version().toString();
    }

    private DocumentVersion write(TestCluster.Member m, String content, String expected) throws Exception {
        cluster.wall += 10;
        return m.engine.write(DOC, text(content), Optional.ofNullable(expected));
    }

    private static DocumentException refusal(ThrowingCall call) {
        try {
            call.run();
        } catch (DocumentException e) {
            return e;
        } catch (Exception e) {
            throw new AssertionError("expected a DocumentException", e);
        }
        throw new AssertionError("expected a DocumentException, it was done");
    }

    private interface ThrowingCall {
        void run() throws Exception;
    }

    @Test
    void aWriteBasedOnTheCurrentVersionIsAnEditSentToEveryMemberAtOnce() throws Exception {
        String read = version(b);

        DocumentVersion written = write(b, "scanners = 10.0.0.21:3128", read);
        cluster.deliver();

        assertThat(written.toString()).isNotEqualTo(read);
        assertThat(written.node()).isEqualTo("b");
        assertThat(b.document()).isEqualTo("scanners = 10.0.0.21:3128");
        assertThat(a.document()).isEqualTo("scanners = 10.0.0.21:3128");
        assertThat(version(a)).isEqualTo(written.toString());
    }

    @Test
    void aVersionReadBeforeAMembersChangeIsStale_andTheWriteChangesNothing() throws Exception {
        String readOnA = version(a);
        b.edit("scanners = from b");

        DocumentException stale = refusal(() -> write(a, "scanners = from a", readOnA));

        assertThat(stale.kind()).isEqualTo(DocumentException.Kind.STALE);
        assertThat(stale.currentVersion()).contains(version(b));
        assertThat(stale.getMessage()).contains("is at version " + version(b) + ", not version " + readOnA);
        cluster.deliver();
        assertThat(a.document()).isEqualTo("scanners = from b");
        assertThat(version(a)).isEqualTo(version(b));
    }

    @Test
    void aChangeHereThatNoEventHasReportedYetMakesAVersionReadBeforeItStale() throws Exception {
        String read = version(a);
        cluster.wall += 10;
        a.local.docs.put(DOC, text("scanners = by hand")); // the watcher's event comes later

        DocumentException stale = refusal(() -> write(a, "scanners = by the API", read));

        assertThat(stale.kind()).isEqualTo(DocumentException.Kind.STALE);
        assertThat(stale.currentVersion()).contains(version(a)).isNotEqualTo(Optional.of(read));
        assertThat(a.document()).isEqualTo("scanners = by hand");
        cluster.deliver();
        assertThat(b.document()).isEqualTo("scanners = by hand");
    }

    @Test
    void aRefusedWriteGivesTheValidatorsMessage_andNothingIsWrittenOrSent() throws Exception {
        String read = version(a);

        DocumentException refused = refusal(() -> write(a, "BAD table", read));
        cluster.deliver();

        assertThat(refused.kind()).isEqualTo(DocumentException.Kind.REFUSED);
        assertThat(refused.problems()).containsExactly("refused by the test's validator");
        assertThat(a.document()).isEqualTo("scanners = base");
        assertThat(b.document()).isEqualTo("scanners = base");
        assertThat(version(a)).isEqualTo(read);
        assertThat(a.engine.refused()).as("not a change of the document here").isEmpty();
    }

    @Test
    void withoutAVersionTheDocumentMustNotExist() throws Exception {
        DocumentException exists = refusal(() -> write(a, "scanners = again", null));
        assertThat(exists.kind()).isEqualTo(DocumentException.Kind.STALE);
        assertThat(exists.currentVersion()).contains(version(a));

        TestCluster other = new TestCluster(dir.resolve("other"), DOC);
        TestCluster.Member alone = other.member("c").start();
        DocumentVersion made = alone.engine.write(DOC, text("scanners = new"), Optional.empty());
        assertThat(alone.document()).isEqualTo("scanners = new");
        assertThat(version(alone)).isEqualTo(made.toString());
    }

    @Test
    void theSameContentAgainIsNoEdit() throws Exception {
        String read = version(a);

        DocumentVersion same = write(a, "scanners = base", read);

        assertThat(same.toString()).isEqualTo(read);
        assertThat(a.record().history()).hasSize(1);
    }

    @Test
    void aWriteConcurrentWithAMembersEditIsAConflictLikeAnyOther_withTheLoserKeptOnEveryMember() throws Exception {
        String read = version(a);
        b.change("scanners = from b"); // not delivered: a has not heard of it

        write(a, "scanners = from a", read);
        cluster.deliver();

        assertThat(a.record().sameAs(b.record())).isTrue();
        assertThat(a.record().losers()).hasSize(1);
        assertThat(a.document()).isEqualTo(b.document()).isEqualTo("scanners = from a");
        assertThat(b.record().contentOf(b.record().losers().get(0).version()).map(String::new))
            .contains("scanners = from b");
    }

    /** a's and b's edits made before either heard of the other: b's, the later one, won. */
    private void conflict() throws IOException {
        a.change("scanners = lost");
        b.change("scanners = won");
        cluster.deliver();
        assertThat(a.record().losers()).extracting(e -> e.version().node()).containsExactly("a");
    }

    @Test
    void keepingTheWinnerClearsTheConflictOnEveryMember_andItsContentStays() throws Exception {
        conflict();
        DocumentVersion winner = a.record().current().version();

        DocumentVersion resolution = a.engine.resolve(winner).version();
        cluster.deliver();

        for (TestCluster.Member m : List.of(a, b)) {
            assertThat(m.record().losers()).as(m.name).isEmpty();
            assertThat(m.record().current().version()).isEqualTo(resolution);
            assertThat(m.record().current().resolution()).isTrue();
            assertThat(m.document()).isEqualTo("scanners = won");
        }
    }

    @Test
    void keepingALostEditMakesItsContentCurrentOnEveryMember_andClearsTheConflict() throws Exception {
        conflict();
        DocumentVersion lost = b.record().losers().get(0).version();

        b.engine.resolve(lost);
        cluster.deliver();

        for (TestCluster.Member m : List.of(a, b)) {
            assertThat(m.record().losers()).as(m.name).isEmpty();
            assertThat(m.document()).isEqualTo("scanners = lost");
        }
        assertThat(a.record().sameAs(b.record())).isTrue();
    }

    @Test
    void aVersionNoConflictInvolvesIsNotFound() throws Exception {
        DocumentException none = refusal(() -> a.engine.resolve(a.record().current().version()));
        assertThat(none.kind()).isEqualTo(DocumentException.Kind.NOT_FOUND);

        conflict();
        DocumentException unknown = refusal(() -> a.engine.resolve(new DocumentVersion(1, 0, "z")));
        assertThat(unknown.kind()).isEqualTo(DocumentException.Kind.NOT_FOUND);
        assertThat(unknown.getMessage()).contains("no conflict involves version 1.0@z");
        assertThat(a.record().losers()).hasSize(1);
    }

    @Test
    void aResolutionConcurrentWithAMembersEditIsANewConflict_whileTheOldOneStaysSettled() throws Exception {
        conflict();
        DocumentVersion firstLoser = a.record().losers().get(0).version();

        cluster.wall += 10;
        a.engine.resolve(firstLoser); // not delivered: b edits meanwhile
        b.change("scanners = meanwhile");
        cluster.deliver();

        assertThat(a.record().sameAs(b.record())).isTrue();
        assertThat(a.record().losers()).singleElement().satisfies(e ->
            assertThat(e.version()).isNotEqualTo(firstLoser));
        assertThat(a.document()).isEqualTo(b.document());
    }

    @Test
    void aResolutionRefusedByTheValidatorChangesNothing() throws Exception {
        a.local.validates = false; // an older node let a garbled edit win
        a.change("BAD but older");
        b.local.validates = false;
        b.change("BAD and newer");
        cluster.deliver();
        b.local.validates = true;

        DocumentException refused = refusal(() -> b.engine.resolve(b.record().current().version()));

        assertThat(refused.kind()).isEqualTo(DocumentException.Kind.REFUSED);
        assertThat(b.record().losers()).hasSize(1);
    }
}
