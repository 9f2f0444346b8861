package org.vireo.api.internal.bundles;

import java.util.Locale;
import java.util.function.Predicate;

import org.vireo.api.QueryParams;

/**
 * The filter of {@code GET /api/v1/node/bundles}, each part optional: {@code vireo} (true: Vireo's own bundles,
 * false: the others), {@code state} and {@code name} (a part of the symbolic name, any case).
 */
record BundleQuery(Boolean vireo, BundleState state, String name) implements Predicate<BundleView> {

    /** At most this long, a name to look for: longer ones name no bundle. */
    static final int MAX_NAME = 200;

    /** @throws IllegalArgumentException for a value it does not take, naming it and what would be accepted */
    static BundleQuery parse(String vireo, String state, String name) {
        return new BundleQuery(blank(vireo) ? null : flag(vireo), blank(state) ? null : BundleState.parse(state),
            blank(name) ? null : part(name));
    }

    @Override
    public boolean test(BundleView b) {
        return (vireo == null || b.vireo() == vireo) && (state == null || b.state().equals(state.name()))
            && (name == null || b.symbolicName().toLowerCase(Locale.ROOT).contains(name));
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static boolean flag(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(QueryParams.name("vireo", value) + ": expected true"
                + " (Vireo's own bundles) or false (the others)");
        };
    }

    private static String part(String value) {
        if (value.length() > MAX_NAME) {
            throw new IllegalArgumentException(QueryParams.name("name", value) + ": expected a part of a symbolic"
                + " name, at most " + MAX_NAME + " characters");
        }
        return value.trim().toLowerCase(Locale.ROOT);
    }
}
