/**
 * The web security rules: what the proxy asks ({@link org.vireo.rules.Policy} with the {@link
 * org.vireo.rules.RequestFacts} of a request, answered by a {@link org.vireo.rules.Verdict}) and the rules in force
 * on this node ({@link org.vireo.rules.Rules}). The bundle is on every node (feature vireo-core): it loads the
 * rules file and validates the rules documents config sync replicates, whatever the node's role.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.vireo.rules;
