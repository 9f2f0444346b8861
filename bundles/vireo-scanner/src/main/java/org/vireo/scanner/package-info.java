/**
 * The scanning node: the filtering HTTP forward proxy and the load it reports to the director's balancer.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package org.vireo.scanner;
