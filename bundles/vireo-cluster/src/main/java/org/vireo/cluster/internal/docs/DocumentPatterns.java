package org.vireo.cluster.internal.docs;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Which documents are cluster-wide: PID patterns ({@code org.vireo.balancer}, {@code org.vireo.health.monitor~*})
 * and file globs relative to {@code etc/} ({@code vireo/rules.conf}, {@code vireo/lists/*.txt}). Node-local PIDs
 * ({@code org.vireo.node}, {@code org.vireo.cluster}, VRRP instances, the VIP announcer) are never replicated,
 * whatever the patterns say.
 */
public final class DocumentPatterns {

    /** Never replicated: node identity, this node's cluster membership, per-node VRRP settings, interfaces. */
    static final List<String> NODE_LOCAL = List.of("org.vireo.node", "org.vireo.cluster", "org.vireo.vrrp.instance~*",
        "org.vireo.vrrp.instance-*", "org.vireo.vip", "org.vireo.health.track~*", "org.vireo.balancer.local",
        "org.vireo.srv", "org.vireo.srv.redirect.local", "org.vireo.srv.dns.local");

    public static final String PID_PREFIX = "pid:";
    private static final Pattern PID_TEXT = Pattern.compile("[A-Za-z0-9._-]+(~[A-Za-z0-9._-]+)?");
    public static final String FILE_PREFIX = "file:";

    private final List<String> pidGlobs;
    private final List<String> fileGlobs;
    private final List<Pattern> pids;
    private final List<Pattern> localPids;
    private final List<PathMatcher> files;

    public DocumentPatterns(List<String> pidGlobs, List<String> fileGlobs) {
        this.pidGlobs = List.copyOf(pidGlobs);
        this.fileGlobs = List.copyOf(fileGlobs);
        this.pids = pidGlobs.stream().map(DocumentPatterns::glob).toList();
        this.localPids = NODE_LOCAL.stream().map(DocumentPatterns::glob).toList();
        List<PathMatcher> m = new ArrayList<>();
        for (String g : fileGlobs) {
            m.add(FileSystems.getDefault().getPathMatcher("glob:" + g));
        }
        this.files = List.copyOf(m);
    }

    public List<String> pidGlobs() {
        return pidGlobs;
    }

    public List<String> fileGlobs() {
        return fileGlobs;
    }

    /** A PID glob: {@code *} any run of characters; everything else literal. */
    static Pattern glob(String g) {
        return Pattern.compile(Arrays.stream(g.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*")));
    }

    /**
     * Whether the PID is cluster-wide. Only PIDs of letters, digits and {@code . _ - ~} qualify: Karaf names the
     * file of a factory configuration after its PID, so a PID from a peer must never spell a path.
     */
    public boolean replicatedPid(String pid) {
        return PID_TEXT.matcher(pid).matches() && localPids.stream().noneMatch(p -> p.matcher(pid).matches())
            && pids.stream().anyMatch(p -> p.matcher(pid).matches());
    }

    /** {@code relative}: a path under etc/ with '/' separators. */
    public boolean replicatedFile(String relative) {
        if (relative.isEmpty() || relative.startsWith("/") || relative.contains("..") || relative.endsWith(".cfg")) {
            return false; // .cfg files are PIDs: they travel as pid: documents, through ConfigurationAdmin
        }
        Path p = Path.of(relative);
        return files.stream().anyMatch(m -> m.matches(p));
    }

    public boolean replicated(String id) {
        if (id.startsWith(PID_PREFIX)) {
            return replicatedPid(id.substring(PID_PREFIX.length()));
        }
        return id.startsWith(FILE_PREFIX) && replicatedFile(id.substring(FILE_PREFIX.length()));
    }

    /** The folders under etc/ that hold replicated files: each glob's part before its first wildcard. */
    public List<String> fileFolders() {
        List<String> out = new ArrayList<>();
        for (String g : fileGlobs) {
            int wild = firstWildcard(g);
            String fixed = wild < 0 ? g : g.substring(0, wild);
            int slash = fixed.lastIndexOf('/');
            String folder = slash < 0 ? "" : fixed.substring(0, slash);
            if (!out.contains(folder)) {
                out.add(folder);
            }
        }
        return out;
    }

    private static int firstWildcard(String g) {
        for (int i = 0; i < g.length(); i++) {
            if ("*?[{".indexOf(g.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }
}
