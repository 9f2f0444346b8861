package org.vireo.config;

import java.util.List;
import java.util.Optional;

/**
 * Whiteboard: checks a document (a configuration PID, a policy file) with the parse of the bundle that runs it. Config
 * sync asks before a change made on this node is sent to the cluster and before a version received from a peer is
 * applied here; the management API asks before it writes a PID or a file. Registered with the service property
 * {@value #DOCUMENTS}: the document ids it checks, as globs ({@code file:vireo/rules.conf},
 * {@code pid:org.vireo.balancer}, {@code pid:org.vireo.vrrp.instance~*}). A validator of a {@code pid:} document is
 * best a thin wrapper of the PID's pure parse ({@link ConfigurationText#problem}). Here, below every bundle, so that
 * each one can validate its own PIDs (the node's and the API's bundles are below config sync's).
 */
public interface DocumentValidator {

    /** Service property: the documents checked, globs over document ids (String or String[]). */
    String DOCUMENTS = "vireo.documents";

    /** Why {@code content} cannot be {@code document}'s content, in one line; empty if it is valid. */
    Optional<String> problem(String document, byte[] content);

    /**
     * The same refusal as its errors one by one (a rules file's {@code rules.conf:3: ...} lines), for a client that
     * shows them as a list; by default {@link #problem}'s one line.
     */
    default List<String> problems(String document, byte[] content) {
        return problem(document, content).map(List::of).orElse(List.of());
    }
}
