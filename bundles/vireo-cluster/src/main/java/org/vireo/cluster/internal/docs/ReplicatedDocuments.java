package org.vireo.cluster.internal.docs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

import org.osgi.service.cm.ConfigurationAdmin;
import org.vireo.cluster.DocumentValidator;
import org.vireo.cluster.internal.sync.LocalDocuments;

/**
 * This node's replicated documents: {@code pid:<pid>} in ConfigurationAdmin, {@code file:<path>} under etc/, as
 * the patterns of {@code org.vireo.cluster} select them; local changes checked by the registered validators.
 */
public final class ReplicatedDocuments implements LocalDocuments {

    private final DocumentPatterns patterns;
    private final ConfigAdminDocuments pids;
    private final FileDocuments files;
    private final Supplier<List<Validators.Entry>> validators;

    public ReplicatedDocuments(DocumentPatterns patterns, ConfigurationAdmin admin, Path etc,
                               Supplier<List<Validators.Entry>> validators) {
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

    @Override
    public void delete(String id) throws IOException {
        if (isPid(id)) {
            pids.delete(name(id));
        } else {
            files.delete(name(id));
        }
    }

    @Override
    public Optional<String> problem(String id, byte[] content) {
        for (Validators.Entry v : validators.get()) {
            if (v.covers(id)) {
                try {
                    Optional<String> p = v.validator().problem(id, content);
                    if (p.isPresent()) {
                        return p;
                    }
                } catch (RuntimeException e) {
                    return Optional.of("the validator of " + id + " failed: " + e);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean isPid(String id) {
        return id.startsWith(DocumentPatterns.PID_PREFIX);
    }

    private static String name(String id) {
        return id.substring(id.indexOf(':') + 1);
    }

    /** Validators and the documents they cover. */
    public static final class Validators {
        private Validators() {
        }

        /** One registered {@link DocumentValidator} and its globs. */
        public record Entry(DocumentValidator validator, List<String> globs) {
            boolean covers(String id) {
                return globs.stream().anyMatch(g -> DocumentPatterns.glob(g).matcher(id).matches());
            }
        }
    }
}
