package org.vireo.node;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** What an appliance does in the cluster. Each role is served by one Karaf feature. */
public enum Role {
    /** Owns the VIP (VRRP master candidate with the highest priority) and balances clients to scanners. */
    DIRECTOR("vireo-director"),
    /** Takes the VIP over when the director fails. */
    BACKUP("vireo-backup"),
    /** Runs the filtering proxy only; priority 0, never backs up. */
    SCANNER("vireo-scanner");

    private final String feature;

    Role(String feature) {
        this.feature = feature;
    }

    /** The Karaf feature that holds this role's bundles. */
    public String feature() {
        return feature;
    }

    /** The role features a node in this role installs: its own, plus the scanner's if it also scans. */
    public Set<String> features(boolean alsoScan) {
        Set<String> features = new LinkedHashSet<>();
        features.add(feature);
        if (alsoScan && this != SCANNER) {
            features.add(SCANNER.feature);
        }
        return Collections.unmodifiableSet(features);
    }

    /** The name operators type and configuration files hold: {@code director}, {@code backup}, {@code scanner}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Every role's label, comma-separated, for error messages and help. */
    public static String labels() {
        return Arrays.stream(values()).map(Role::label).collect(Collectors.joining(", "));
    }

    /**
     * Parses a role label, case-insensitively and ignoring surrounding blanks.
     *
     * @throws IllegalArgumentException naming the bad value and the accepted ones
     */
    public static Role parse(String text) {
        String t = text == null ? "" : text.trim();
        for (Role r : values()) {
            if (r.label().equalsIgnoreCase(t)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown role '" + text + "': accepted roles are " + labels());
    }

    @Override
    public String toString() {
        return label();
    }
}
