package org.vireo.vrrp.internal.packet;

/** VRRP protocol version, with the per-version limits of the advertisement interval field. */
public enum VrrpVersion {
    /** RFC 3768: IPv4 only; Adver Int is 8 bits of seconds; 8 bytes of authentication data follow the addresses. */
    V2(2, 255, "Adver_Int, seconds"),
    /** RFC 5798: IPv4 or IPv6; Max Adver Int is 12 bits of centiseconds. */
    V3(3, 4095, "Max_Adver_Int, centiseconds");

    private final int wireValue;
    private final int maxInterval;
    private final String intervalUnit;

    VrrpVersion(int wireValue, int maxInterval, String intervalUnit) {
        this.wireValue = wireValue;
        this.maxInterval = maxInterval;
        this.intervalUnit = intervalUnit;
    }

    /** The value of the 4-bit Version field. */
    public int wireValue() {
        return wireValue;
    }

    /** Largest advertisement interval the field can carry, in this version's unit. */
    public int maxInterval() {
        return maxInterval;
    }

    /** What the interval field means in this version, for error messages. */
    String intervalUnit() {
        return intervalUnit;
    }
}
