package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

/**
 * A pure director (no proxy) checks the web security rules as a scanner does: a broken rules file written on it is
 * refused there, never versioned nor sent to the cluster, and its rules stay in force. Before the rules had a
 * bundle of their own in vireo-core, a director had no rules validator and sent such a file to every scanner.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ValidationOnDirectorIT extends VireoTestSupport {

    private static final String RULES = "file:vireo/rules.conf";

    @Configuration
    public Option[] config() {
        return vireoDistribution("director");
    }

    @Test
    public void aRulesFileCutShortOnAPureDirectorIsRefusedThere_neitherVersionedNorSent() throws Exception {
        assertNull("a pure director runs no proxy", bundle("org.vireo.vireo-scanner"));
        Path rules = Path.of(System.getProperty("karaf.etc"), "vireo", "rules.conf");
        String good = Files.readString(rules, StandardCharsets.UTF_8);
        awaitUntil(() -> clusterDocument(RULES) != null, RULES + " is versioned at the first start");
        String version = clusterDocument(RULES);
        try {
            // a truncated write: the rules without their default
            replace(rules, good.substring(0, good.lastIndexOf("default")));

            awaitUntil(() -> clusterRefusedHere().contains("  " + RULES + ": "), "the director refuses the cut-short file");
            assertTrue(clusterRefusedHere(), clusterRefusedHere().contains("no default at the end"));
            assertEquals("not versioned", version, clusterDocument(RULES));
            // the director's own rules refuse it too, and stay in force (its reload runs on the rules folder's watcher)
            awaitUntil(() -> quietly("scanner:rules").contains("Last reload refused:"), "scanner:rules says why");
            assertTrue(quietly("scanner:rules"), quietly("scanner:rules").contains("no default at the end"));
        } finally {
            replace(rules, good);
        }
        awaitUntil(() -> !clusterRefusedHere().contains(RULES), "the good file is no longer refused");
        assertEquals("the good file is the version in force", version, clusterDocument(RULES));
        String status = quietly("cluster:status");
        assertFalse(status, status.contains("Replicated patterns no validator here covers"));
    }

    /** Written with a rename, as docs/rules.md says to: no reader sees half a file. */
    private static void replace(Path file, String content) throws Exception {
        Path next = file.resolveSibling(file.getFileName() + ".new");
        Files.writeString(next, content, StandardCharsets.UTF_8);
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
