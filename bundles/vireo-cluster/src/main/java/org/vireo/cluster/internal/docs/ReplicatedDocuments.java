package org.vireo.cluster.internal.docs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.osgi.service.cm.ConfigurationAdmin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.internal.sync.LocalDocuments;
import org.vireo.config.ConfigErrors;

/**
 * This node's replicated documents: {@code pid:<pid>} in ConfigurationAdmin, {@code file:<path>} under etc/, as
 * the patterns of {@code org.vireo.cluster} select them; local changes checked by the registered validators.
 */
public final class ReplicatedDocuments implements LocalDocuments {

    private static final Logger LOG = LoggerFactory.getLogger(ReplicatedDocuments.class);
    /** How a refusal for want of a validator starts. */
    private static final String NO_VALIDATOR = "no validator of ";

    private final DocumentPatterns patterns;
    private final ConfigAdminDocuments pids;
    private final FileDocuments files;
    private final Validators validators;
    /** The documents replicated unchecked that were logged: once each. */
    private final Set<String> uncheckedWarned = ConcurrentHashMap.newKeySet();

    public ReplicatedDocuments(DocumentPatterns patterns, ConfigurationAdmin admin, Path etc,
                               Validators validators) {
        this.patterns = patterns;
        this.pids = new ConfigAdminDocuments(admin, patterns);
        this.files = new FileDocuments(etc, patterns);
        this.validators = validators;
    }

    /** The document id of a file under etc/, if it is a replicated one. */
    public Optional<String> idOfFile(Path file) {
        return files.relative(file).map(r -> DocumentPatterns.FILE_PREFIX + r).filter(patterns::replicated);
    }

    public DocumentPatterns patterns() {
        return patterns;
    }

    public Path etc() {
        return files.etc();
    }

    @Override
    public boolean replicated(String id) {
        return patterns.replicated(id);
    }

    @Override
    public Set<String> present() throws IOException {
        Set<String> out = new TreeSet<>();
        pids.present().forEach(p -> out.add(DocumentPatterns.PID_PREFIX + p));
        files.present().forEach(f -> out.add(DocumentPatterns.FILE_PREFIX + f));
        return out;
    }

    @Override
    public Optional<byte[]> read(String id) throws IOException {
        return isPid(id) ? pids.read(name(id)) : files.read(name(id));
    }

    @Override
    public void write(String id, byte[] content) throws IOException {
        if (isPid(id)) {
            pids.write(name(id), content);
        } else {
            files.write(name(id), content);
        }
    }

    /** A file's new content is staged before the check ({@link FileDocuments#replace}); a PID is checked, then set. */
    @Override
    public boolean replace(String id, Optional<byte[]> expected, Optional<byte[]> content) throws IOException {
        if (isPid(id) || content.isEmpty()) {
            return LocalDocuments.super.replace(id, expected, content);
        }
        return files.replace(name(id), expected, content.get());
    }

    @Override
    public void delete(String id) throws IOException {
        if (isPid(id)) {
            pids.delete(name(id));
        } else {
            files.delete(name(id));
        }
    }

    /** A PID's canonical text without a key is empty: its configuration holds only the framework's properties. */
    @Override
    public boolean blank(String id, byte[] content) {
        return isPid(id) && content.length == 0;
    }

    /**
     * A Vireo document ({@code pid:org.vireo.*}, {@code file:vireo/*}) that no validator covers is refused: config
     * sync sends and applies only what it can check, and every type Vireo replicates has its validator in vireo-core,
     * so a missing one is a core bundle that is not running (a received version waits and is checked again at each
     * anti-entropy round; a change made here is sent once a validator accepts it) or a Vireo PID without a validator
     * added to the patterns. A document of the operator's own (another PID, a file outside {@code vireo/}) has no
     * format Vireo knows: it is replicated unchecked, with a warning.
     */
    @Override
    public Optional<String> problem(String id, byte[] content) {
        List<String> p = problems(id, content);
        return p.isEmpty() ? Optional.empty()
            : Optional.of(ConfigErrors.shorten(String.join("; ", p), Validators.MAX_PROBLEM_CHARS));
    }

    @Override
    public List<String> problems(String id, byte[] content) {
        if (!validators.covers(id) && vireoDocument(id)) {
            return List.of(NO_VALIDATOR + id + " on this node: config sync neither sends nor applies a Vireo"
                + " document it cannot check (Vireo's validators are in vireo-core: vireo-rules, vireo-settings)");
        }
        if (!validators.covers(id) && uncheckedWarned.add(id)) {
            LOG.warn("config sync: {} has no validator (not a Vireo document): replicated unchecked", id);
        }
        return validators.problems(id, content);
    }

    /**
     * The replicated patterns ({@code pid:<glob>}, {@code file:<glob>}) no registered validator covers, each with
     * what becomes of its documents here. Vireo's own are all covered on every node: one listed is a gap to close.
     */
    public List<String> unvalidatedPatterns() {
        return Stream.concat(
                patterns.pidGlobs().stream().map(g -> DocumentPatterns.PID_PREFIX + g),
                patterns.fileGlobs().stream().map(g -> DocumentPatterns.FILE_PREFIX + g))
            .filter(pattern -> !validators.covers(pattern))
            .map(pattern -> pattern + (vireoDocument(pattern) ? " (a Vireo document: refused, neither sent nor applied)"
                : " (not a Vireo document: replicated unchecked)"))
            .toList();
    }

    /** Whether the document is one of Vireo's (its PIDs, the files of etc/vireo/), whose format a validator knows. */
    public static boolean vireoDocument(String id) {
        return id.startsWith(DocumentPatterns.PID_PREFIX + "org.vireo.") || id.startsWith(DocumentPatterns.FILE_PREFIX
            + "vireo/");
    }

    private static boolean isPid(String id) {
        return id.startsWith(DocumentPatterns.PID_PREFIX);
    }

    private static String name(String id) {
        return id.substring(id.indexOf(':') + 1);
    }
}
