package org.vireo.api.internal.bundles;

import java.util.Locale;

import org.osgi.framework.Bundle;

import org.vireo.api.QueryParams;

/** A bundle's state, by the names of the OSGi core specification. */
enum BundleState {
    UNINSTALLED(Bundle.UNINSTALLED), INSTALLED(Bundle.INSTALLED), RESOLVED(Bundle.RESOLVED),
    STARTING(Bundle.STARTING), STOPPING(Bundle.STOPPING), ACTIVE(Bundle.ACTIVE);

    private final int bit;

    BundleState(int bit) {
        this.bit = bit;
    }

    static BundleState of(int state) {
        for (BundleState s : values()) {
            if (s.bit == state) {
                return s;
            }
        }
        throw new IllegalArgumentException("no bundle state " + state);
    }

    /**
     * A state a reader filters by, in any case: {@code active}, {@code resolved} ...
     *
     * @throws IllegalArgumentException naming the value and the states
     */
    static BundleState parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(QueryParams.name("state", value) + ": expected one of installed,"
                + " resolved, starting, stopping, active, uninstalled", e);
        }
    }
}
