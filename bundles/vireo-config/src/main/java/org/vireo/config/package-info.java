/**
 * Reading configuration values the way every Vireo bundle refuses a bad one: naming the key, the value and what
 * would be accepted (DESIGN: configuration); refusing keys no parser reads ({@link org.vireo.config.ConfigReader});
 * bounded error reports ({@link org.vireo.config.ConfigErrors}); and the registry of the TCP ports this node's
 * listeners hold ({@link org.vireo.config.ListeningPorts}).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package org.vireo.config;
