package org.vireo.cluster;

import java.util.Optional;

/**
 * Whiteboard: checks a replicated document before a change made on this node is sent to the cluster; a change it
 * refuses is not sent (and shows in {@code cluster:status} with the reason). Registered with the service property
 * {@value #DOCUMENTS}: the document ids it checks, as globs ({@code file:vireo/rules.conf}, {@code pid:org.vireo.balancer}).
 */
public interface DocumentValidator {

    /** Service property: the documents checked, globs over document ids (String or String[]). */
    String DOCUMENTS = "vireo.documents";

    /** Why {@code content} cannot be {@code document}'s content; empty if it is valid. */
    Optional<String> problem(String document, byte[] content);
}
