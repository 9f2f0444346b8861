/**
 * SNMP parts that the node's SNMP sinks (traps and informs, in this bundle) and its VRRPv3-MIB agent (bundle
 * vireo-snmp, on the nodes that run VRRP) share: the VRRPv3-MIB's object identifiers and enumerations (RFC 6527), the
 * checks of SNMPv2c communities and SNMPv3 users, and SNMP engine IDs. On SNMP4J.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.vireo.notify.snmp;
