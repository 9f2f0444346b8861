package org.vireo.node.internal;

import java.util.Optional;
import java.util.Set;

/**
 * The part of Karaf's FeaturesService that role switching needs: the root region's feature requirements.
 * Adding and removing each resolve first and change nothing if resolution fails; both return when the
 * bundles are deployed, or throw.
 */
interface FeatureProvisioner {

    /** The installed feature names among {@code names}. */
    Set<String> installed(Set<String> names);

    /** The highest version of the feature that some features repository offers; empty if none does. */
    Optional<String> version(String feature) throws Exception;

    /** The root region's requirements, e.g. {@code feature:vireo-core/0.0.0}. */
    Set<String> requirements();

    /** Adds requirements to the root region and deploys what they need. */
    void add(Set<String> requirements) throws Exception;

    /** Removes requirements from the root region and uninstalls what nothing else needs. */
    void remove(Set<String> requirements) throws Exception;
}
