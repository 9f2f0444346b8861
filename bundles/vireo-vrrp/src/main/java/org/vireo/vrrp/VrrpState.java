package org.vireo.vrrp;

/** The states of a VRRP virtual router (RFC 5798 section 6.4). */
public enum VrrpState {
    INITIALIZE,
    BACKUP,
    MASTER
}
