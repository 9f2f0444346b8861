package org.vireo.api.internal.bundles;

import org.osgi.framework.Bundle;
import org.osgi.framework.startlevel.BundleStartLevel;

/**
 * One bundle of the node, as {@code bundle:list} shows it.
 *
 * @param id           the framework's bundle id
 * @param symbolicName its {@code Bundle-SymbolicName}
 * @param version      its version
 * @param state        {@code INSTALLED}, {@code RESOLVED}, {@code STARTING}, {@code STOPPING}, {@code ACTIVE} (or
 *                     {@code UNINSTALLED}, while the framework still lists it)
 * @param startLevel   its start level
 * @param vireo        one of Vireo's own bundles ({@code org.vireo.*})
 */
public record BundleView(long id, String symbolicName, String version, String state, int startLevel,
                         boolean vireo) {

    static final String VIREO_PREFIX = "org.vireo.";

    static BundleView of(Bundle b) {
        String name = b.getSymbolicName() == null ? "" : b.getSymbolicName();
        BundleStartLevel level = b.adapt(BundleStartLevel.class);
        return new BundleView(b.getBundleId(), name, b.getVersion().toString(), BundleState.of(b.getState()).name(),
            level == null ? 0 : level.getStartLevel(), name.startsWith(VIREO_PREFIX));
    }
}
