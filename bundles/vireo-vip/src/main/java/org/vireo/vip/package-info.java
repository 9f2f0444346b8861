/** The virtual addresses on the wire: aliases on the interface, gratuitous ARP, VRRP packet I/O. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.vireo.vip;
