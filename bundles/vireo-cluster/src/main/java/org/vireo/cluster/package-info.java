/**
 * Config sync and the node registry (issue 7): the cluster-wide documents (configuration PIDs and policy files)
 * replicated between members, each change carrying a {@link org.vireo.cluster.DocumentVersion}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.vireo.cluster;
