package org.vireo.cluster.internal.node;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;

/**
 * The config-sync and registry part of {@code org.vireo.cluster} (the channel part is ChannelSettings): which
 * documents are cluster-wide, where their versions are kept, and the timings.
 *
 * @param replicatedPids     PID globs replicated (node-local PIDs never are)
 * @param replicatedFiles    file globs under etc/ replicated
 * @param stateDir           where the records (versions, history, conflicts) are kept
 * @param antiEntropySeconds how often digests are compared with the coordinator (besides at every view change)
 * @param reportMillis       how often this node reports itself to the registry
 * @param staleAfterMillis   a node with no report for this long is stale
 * @param maxClockAheadMillis a peer's version further ahead of this node's clock is refused (a wrong clock)
 */
public record SyncOptions(List<String> replicatedPids, List<String> replicatedFiles, Path stateDir,
                          int antiEntropySeconds, int reportMillis, int staleAfterMillis, int maxClockAheadMillis) {

    public static final String PID = "org.vireo.cluster";
    static final List<String> DEFAULT_PIDS = List.of("org.vireo.balancer", "org.vireo.scanner.rules",
        "org.vireo.health.monitor~*", "org.vireo.srv.redirect");
    static final List<String> DEFAULT_FILES = List.of("vireo/rules.conf", "vireo/*.txt", "vireo/lists/*.txt");
    static final String DEFAULT_STATE = "${karaf.etc}/vireo/cluster/state";

    /**
     * @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted
     */
    public static SyncOptions parse(Map<String, ?> config, String karafEtc) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        List<String> pids = raw.containsKey("replicatedPids") ? ConfigValues.list(raw, "replicatedPids") : DEFAULT_PIDS;
        List<String> files = raw.containsKey("replicatedFiles") ? ConfigValues.list(raw, "replicatedFiles")
            : DEFAULT_FILES;
        for (String f : files) {
            if (f.startsWith("/") || f.contains("..") || f.endsWith(".cfg")) {
                errors.add("replicatedFiles: '" + f + "': expected a glob relative to etc/ without '..', not a .cfg "
                    + "file (configurations are replicated through replicatedPids)");
            }
        }
        String state = ConfigValues.text(raw, "stateDir", DEFAULT_STATE);
        Path stateDir = null;
        if (state.contains("${karaf.etc}") && karafEtc == null) {
            errors.add("stateDir = '" + state + "': ${karaf.etc} is not set outside Karaf; expected an absolute path");
        } else {
            try {
                stateDir = Path.of(karafEtc == null ? state : state.replace("${karaf.etc}", karafEtc));
                if (!stateDir.isAbsolute()) {
                    errors.add("stateDir = '" + state + "': expected an absolute path (or one starting with"
                        + " ${karaf.etc})");
                }
            } catch (InvalidPathException e) { // a NUL in a garbled file: refused like any bad value
                errors.add("stateDir = '" + state + "': " + e.getReason() + "; expected an absolute path");
            }
        }
        int antiEntropy = ConfigValues.integer(raw, "antiEntropySeconds", 30, 1, 3600, errors);
        int report = ConfigValues.integer(raw, "reportMillis", 1000, 100, 10_000, errors);
        int stale = ConfigValues.integer(raw, "staleAfterMillis", 2500, 300, 60_000, errors);
        if (errors.isEmpty() && stale < 2 * report) {
            errors.add("staleAfterMillis = " + stale + ": expected at least twice reportMillis (" + 2 * report
                + "), or every late report would mark the node stale");
        }
        int ahead = ConfigValues.integer(raw, "maxClockAheadMillis", 60_000, 1000, 86_400_000, errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new SyncOptions(List.copyOf(pids), List.copyOf(files), stateDir.normalize(), antiEntropy, report, stale,
            ahead);
    }
}
