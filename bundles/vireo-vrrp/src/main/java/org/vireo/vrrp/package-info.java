/** VRRP (RFC 5798 VRRPv3, RFC 3768 VRRPv2): the virtual router instances and what they report. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.11.0")
package org.vireo.vrrp;
