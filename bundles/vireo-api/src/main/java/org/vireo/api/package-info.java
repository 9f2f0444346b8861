/**
 * What a bundle needs to add routes to the management API ({@link org.vireo.api.ApiRoutes}): who may call them,
 * the shape of a refusal, the audit log of writes.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package org.vireo.api;
