package org.vireo.node.internal;

import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.apache.karaf.features.Feature;
import org.apache.karaf.features.FeaturesService;
import org.osgi.framework.Version;

/** {@link FeatureProvisioner} on Karaf's FeaturesService. */
final class KarafFeatureProvisioner implements FeatureProvisioner {

    // Karaf's region for features installed from the shell or at boot.
    private static final String ROOT_REGION = "root";

    private final FeaturesService features;

    KarafFeatureProvisioner(FeaturesService features) {
        this.features = features;
    }

    @Override
    public Set<String> installed(Set<String> names) {
        Set<String> result = new HashSet<>();
        for (String name : names) {
            try {
                for (Feature f : features.getFeatures(name)) {
                    if (features.isInstalled(f)) {
                        result.add(name);
                    }
                }
            } catch (Exception e) {
                // a repository that cannot be read holds no installed feature of ours
            }
        }
        return result;
    }

    @Override
    public Optional<String> version(String feature) throws Exception {
        Feature[] found = features.getFeatures(feature);
        return found == null ? Optional.empty() : Arrays.stream(found).map(Feature::getVersion)
            .max(Comparator.comparing(Version::parseVersion));
    }

    @Override
    public Set<String> requirements() {
        return new HashSet<>(features.listRequirements().getOrDefault(ROOT_REGION, Set.of()));
    }

    // Not updateReposAndRequirements, which would swap both sets in one step: it returns before the
    // deployment ran, so its failures would reach the log but not the operator.
    @Override
    public void add(Set<String> requirements) throws Exception {
        features.addRequirements(Map.of(ROOT_REGION, requirements), EnumSet.noneOf(FeaturesService.Option.class));
    }

    @Override
    public void remove(Set<String> requirements) throws Exception {
        features.removeRequirements(Map.of(ROOT_REGION, requirements), EnumSet.noneOf(FeaturesService.Option.class));
    }
}
