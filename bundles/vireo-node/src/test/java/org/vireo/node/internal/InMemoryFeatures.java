package org.vireo.node.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A model of Karaf's root-region provisioning: a catalogue of features, the requirement set, and the
 * installed features it implies. A feature marked unresolvable fails resolution (nothing changes); one
 * marked failing-to-start is deployed and then throws, as a bundle start failure does.
 */
final class InMemoryFeatures implements FeatureProvisioner {

    static final String VERSION = "0.1.0";

    final Set<String> catalogue = new HashSet<>();
    final Set<String> unresolvable = new HashSet<>();
    final Set<String> failingToStart = new HashSet<>();
    final Set<String> requirements = new LinkedHashSet<>();
    final List<String> operations = new ArrayList<>();
    int removalsToFail;

    InMemoryFeatures(String... features) {
        catalogue.addAll(Set.of(features));
    }

    InMemoryFeatures require(String... requirementStrings) {
        requirements.addAll(List.of(requirementStrings));
        return this;
    }

    @Override
    public Set<String> installed(Set<String> names) {
        Set<String> result = new HashSet<>();
        for (String r : requirements) {
            String name = RoleSwitcher.featureName(r);
            if (names.contains(name)) {
                result.add(name);
            }
        }
        return result;
    }

    @Override
    public Optional<String> version(String feature) {
        return catalogue.contains(feature) ? Optional.of(VERSION) : Optional.empty();
    }

    @Override
    public Set<String> requirements() {
        return new LinkedHashSet<>(requirements);
    }

    @Override
    public void add(Set<String> added) throws Exception {
        operations.add("add " + new java.util.TreeSet<>(added));
        for (String r : added) {
            String name = RoleSwitcher.featureName(r);
            if (!catalogue.contains(name) || unresolvable.contains(name)) {
                throw new Exception("Unable to resolve root: missing requirement " + r);
            }
        }
        requirements.addAll(added);
        for (String r : added) {
            if (failingToStart.contains(RoleSwitcher.featureName(r))) {
                throw new Exception("Error starting bundles: bundle of " + RoleSwitcher.featureName(r));
            }
        }
    }

    @Override
    public void remove(Set<String> removed) throws Exception {
        operations.add("remove " + new java.util.TreeSet<>(removed));
        if (removalsToFail > 0) {
            removalsToFail--;
            throw new Exception("Error stopping bundles");
        }
        requirements.removeAll(removed);
    }
}
