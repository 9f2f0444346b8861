/**
 * SRV balancing (issue 9): clients find the cluster through DNS SRV records and redirects. Usable as a plain Java
 * library outside OSGi.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package org.vireo.srv;
