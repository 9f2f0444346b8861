package org.vireo.vrrp.internal.fsm;

/** The VRRP version a virtual router speaks; the versions differ in timing rules only. */
public enum ProtocolVersion {
    /** RFC 3768: IPv4 only, interval in whole seconds, every router uses its configured interval. */
    V2,
    /** RFC 5798: interval in centiseconds; a Backup adopts the interval the Master advertises. */
    V3;

    /** Whether a Backup sets Master_Adver_Interval from the Master's adverts (RFC 5798 6.4.2). */
    public boolean learnsMasterInterval() {
        return this == V3;
    }
}
