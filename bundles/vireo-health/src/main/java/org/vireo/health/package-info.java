/**
 * Health: monitors (TCP, HTTP(S), link state, command checks with rise/fall) and tracked groups that turn their
 * health into a VRRP instance's effective priority.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package org.vireo.health;
