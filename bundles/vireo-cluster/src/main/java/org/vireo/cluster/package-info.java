/**
 * Config sync and the node registry: the cluster-wide documents (configuration PIDs and policy files) replicated
 * between members, each change carrying a {@link org.vireo.cluster.DocumentVersion}; the {@link
 * org.vireo.cluster.NodeRegistry} of members, roles, VRRP states and loads; the whiteboard that feeds it
 * ({@link org.vireo.cluster.NodeStatusSource}); requests from one member to another ({@link
 * org.vireo.cluster.MemberCalls}, since 0.7.0). Documents are checked by the validators of
 * {@link org.vireo.config.DocumentValidator} (in vireo-config since 0.5.0, so that bundles below this one check their
 * own PIDs).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.7.0")
package org.vireo.cluster;
