/**
 * Config sync and the node registry: the cluster-wide documents (configuration PIDs and policy files) replicated
 * between members, each change carrying a {@link org.vireo.cluster.DocumentVersion}; the {@link
 * org.vireo.cluster.NodeRegistry} of members, roles, VRRP states and loads; the whiteboards that feed them
 * ({@link org.vireo.cluster.NodeStatusSource}, {@link org.vireo.cluster.DocumentValidator}).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.4.0")
package org.vireo.cluster;
