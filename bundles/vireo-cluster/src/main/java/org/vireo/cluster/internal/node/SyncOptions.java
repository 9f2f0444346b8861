package org.vireo.cluster.internal.node;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;

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

    // the keys as ClusterConfig (the PID's metatype) declares them, with their defaults
    static final Setting<String[]> REPLICATED_PIDS = Setting.of(ClusterConfig.class, ClusterConfig::replicatedPids);
    static final Setting<String[]> REPLICATED_FILES = Setting.of(ClusterConfig.class, ClusterConfig::replicatedFiles);
    static final Setting<String> STATE_DIR = Setting.of(ClusterConfig.class, ClusterConfig::stateDir);
    static final Setting<Integer> ANTI_ENTROPY_SECONDS = Setting.of(ClusterConfig.class,
        ClusterConfig::antiEntropySeconds);
    static final Setting<Integer> REPORT_MILLIS = Setting.of(ClusterConfig.class, ClusterConfig::reportMillis);
    static final Setting<Integer> STALE_AFTER_MILLIS = Setting.of(ClusterConfig.class, ClusterConfig::staleAfterMillis);
    static final Setting<Integer> MAX_CLOCK_AHEAD_MILLIS = Setting.of(ClusterConfig.class,
        ClusterConfig::maxClockAheadMillis);

    /**
     * @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted
     */
    public static SyncOptions parse(Map<String, ?> config, String karafEtc) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        List<String> pids = ConfigValues.list(raw, REPLICATED_PIDS);
        List<String> files = ConfigValues.list(raw, REPLICATED_FILES);
        for (String f : files) {
            if (f.startsWith("/") || f.contains("..") || f.endsWith(".cfg")) {
                errors.add(REPLICATED_FILES + ": '" + f + "': expected a glob relative to etc/ without '..', not a"
                    + " .cfg file (configurations are replicated through " + REPLICATED_PIDS + ")");
            }
        }
        String state = ConfigValues.text(raw, STATE_DIR);
        Path stateDir = null;
        if (state.contains("${karaf.etc}") && karafEtc == null) {
            errors.add(STATE_DIR + " = '" + state + "': ${karaf.etc} is not set outside Karaf; expected an absolute"
                + " path");
        } else {
            try {
                stateDir = Path.of(karafEtc == null ? state : state.replace("${karaf.etc}", karafEtc));
                if (!stateDir.isAbsolute()) {
                    errors.add(STATE_DIR + " = '" + state + "': expected an absolute path (or one starting with"
                        + " ${karaf.etc})");
                }
            } catch (InvalidPathException e) { // a NUL in a garbled file: refused like any bad value
                errors.add(STATE_DIR + " = '" + state + "': " + e.getReason() + "; expected an absolute path");
            }
        }
        int antiEntropy = ConfigValues.integer(raw, ANTI_ENTROPY_SECONDS, 1, 3600, errors);
        int report = ConfigValues.integer(raw, REPORT_MILLIS, 100, 10_000, errors);
        int stale = ConfigValues.integer(raw, STALE_AFTER_MILLIS, 300, 60_000, errors);
        if (errors.isEmpty() && stale < 2 * report) {
            errors.add(STALE_AFTER_MILLIS + " = " + stale + ": expected at least twice " + REPORT_MILLIS + " ("
                + 2 * report + "), or every late report would mark the node stale");
        }
        int ahead = ConfigValues.integer(raw, MAX_CLOCK_AHEAD_MILLIS, 1000, 86_400_000, errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new SyncOptions(List.copyOf(pids), List.copyOf(files), stateDir.normalize(), antiEntropy, report, stale,
            ahead);
    }
}
