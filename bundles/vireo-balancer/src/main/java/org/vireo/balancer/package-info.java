/**
 * The director's layer-4 load balancer (issue 8): client connections on the VIP forwarded to the scanning nodes,
 * weighted by their load, sticky per client.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package org.vireo.balancer;
