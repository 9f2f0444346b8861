/** The appliance's identity and role: what every other Vireo bundle asks "who am I, what do I do". */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package org.vireo.node;
