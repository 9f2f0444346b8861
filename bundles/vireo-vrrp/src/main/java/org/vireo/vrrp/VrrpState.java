package org.vireo.vrrp;

/** The states of a VRRP virtual router (RFC 5798 section 6.4), and FAULT for one that cannot run. */
public enum VrrpState {
    INITIALIZE,
    BACKUP,
    MASTER,
    /** Not in the RFC: the instance cannot run (e.g. its interface cannot be opened); {@link VrrpInstance#fault()} says why. */
    FAULT
}
