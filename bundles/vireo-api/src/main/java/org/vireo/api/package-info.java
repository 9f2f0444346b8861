/**
 * What a bundle needs to add routes to the management API ({@link org.vireo.api.ApiRoutes}): who may call them,
 * the shape of a refusal, the audit log of writes, the pacing of a live route ({@link org.vireo.api.LiveFeed}); and
 * the keys and certificates of the API's HTTPS ({@link org.vireo.api.ServerCertificates}), which the bundle of the
 * cluster's CA offers.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.5.0")
package org.vireo.api;
