package org.vireo.cluster;

import java.util.Optional;

/**
 * Whiteboard: checks a replicated document before a change made on this node is sent to the cluster, and before a
 * version received from a peer is applied here. A change it refuses is not sent; a version from a peer it refuses
 * is not applied (this node keeps its configuration): both show in {@code cluster:status} with the reason.
 * Registered with the service property {@value #DOCUMENTS}: the document ids it checks, as globs
 * ({@code file:vireo/rules.conf}, {@code pid:org.vireo.balancer}). A validator of a {@code pid:} document is best a
 * thin wrapper of the PID's pure parse ({@link ConfigurationText#problem}).
 */
public interface DocumentValidator {

    /** Service property: the documents checked, globs over document ids (String or String[]). */
    String DOCUMENTS = "vireo.documents";

    /** Why {@code content} cannot be {@code document}'s content; empty if it is valid. */
    Optional<String> problem(String document, byte[] content);
}
