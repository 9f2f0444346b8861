package org.vireo.api.internal.auth;

import java.util.Set;

/** Who a request is from: the JAAS user and the roles its groups give it. */
public record Login(String user, Set<String> roles) {

    /** Reads: {@code GET} and {@code HEAD}, the metrics. */
    public static final String VIEWER = "viewer";
    /** Writes: everything that changes the node or the cluster. */
    public static final String ADMIN = "admin";

    public Login {
        roles = Set.copyOf(roles);
    }

    /** An admin may do what a viewer may. */
    public boolean may(String role) {
        return roles.contains(role) || roles.contains(ADMIN);
    }
}
