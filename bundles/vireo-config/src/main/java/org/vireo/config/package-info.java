/**
 * Reading configuration values the way every Vireo bundle refuses a bad one: naming the key, the value and what
 * would be accepted (DESIGN: configuration); refusing keys no parser reads ({@link org.vireo.config.ConfigReader});
 * bounded error reports ({@link org.vireo.config.ConfigErrors}); the registry of the TCP ports this node's
 * listeners hold ({@link org.vireo.config.ListeningPorts}); a configuration's canonical text
 * ({@link org.vireo.config.ConfigurationText}) and the whiteboard of the validators that check a PID or a policy file
 * with the parse of its bundle ({@link org.vireo.config.DocumentValidator}).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.7.0")
package org.vireo.config;
