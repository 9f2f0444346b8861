/**
 * Reading configuration values the way every Vireo bundle refuses a bad one: naming the key, the value and what
 * would be accepted (DESIGN: configuration).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package org.vireo.config;
