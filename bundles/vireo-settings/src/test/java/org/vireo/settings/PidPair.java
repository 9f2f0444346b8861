package org.vireo.settings;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * A component's two PIDs (cluster-wide and this node's) that DS merges and one parse reads: each PID's metatype and
 * the parse agree on every key (the other PID's keys being read too), the shipped file holds only its keys, and the
 * operators' reference documents them (MetatypeAgreement).
 */
final class PidPair {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    private PidPair() {
    }

    /** The disagreements of {@code pid} (its shipped file is {@code config/<pid>.cfg}), read with {@code otherPid}. */
    static List<String> disagreements(String pid, Class<?> ocd, String otherPid, Class<?> otherOcd,
                                      Function<Map<String, ?>, ?> parse) {
        return MetatypeAgreement.of(pid, ocd, parse).alsoReads(keysOf(otherPid, otherOcd))
            .shipped(Path.of("../../config/" + pid + ".cfg")).documented(REFERENCE).disagreements();
    }

    private static Set<String> keysOf(String pid, Class<?> ocd) {
        return MetatypeAgreement.of(pid, ocd, c -> c).attributes().stream().map(MetatypeAgreement.Attribute::id)
            .collect(Collectors.toSet());
    }
}
