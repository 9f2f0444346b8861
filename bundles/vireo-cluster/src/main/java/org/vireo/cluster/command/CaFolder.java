package org.vireo.cluster.command;

import java.nio.file.Path;
import java.time.Duration;

/** Where the cluster CA lives unless a command is told otherwise: {@code ${karaf.etc}/vireo/cluster/ca}. */
final class CaFolder {

    private CaFolder() {
    }

    static Path resolve(String dir) {
        if (dir != null && !dir.isBlank()) {
            return Path.of(dir).toAbsolutePath().normalize();
        }
        String etc = System.getProperty("karaf.etc");
        if (etc == null) {
            throw new IllegalStateException("the system property karaf.etc is not set (not running in Karaf?): give"
                + " the CA folder with --dir");
        }
        return Path.of(etc, "vireo", "cluster", "ca").toAbsolutePath().normalize();
    }

    /** {@code --validity-days} as a duration; refused below one day. */
    static Duration validity(int validityDays) {
        if (validityDays < 1) {
            throw new IllegalArgumentException("--validity-days " + validityDays + ": expected a number of days, 1 or"
                + " more");
        }
        return Duration.ofDays(validityDays);
    }
}
