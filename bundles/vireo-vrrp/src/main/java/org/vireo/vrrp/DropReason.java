package org.vireo.vrrp;

/**
 * Why a received VRRP packet was discarded.
 *
 * <p>Declared in the order the receive path checks them (RFC 5798 section 7.1 for VRRPv3,
 * RFC 3768 section 7.1 for VRRPv2), so a packet that breaks several rules is reported under
 * the first one. Rules that apply to one version only say so in their description.
 */
public enum DropReason {
    TTL_NOT_255("IP TTL / hop limit is not 255: the packet did not originate on this link"),
    WRONG_VERSION("VRRP version differs from the version this instance runs"),
    UNKNOWN_TYPE("VRRP packet type is not 1 (Advertisement)"),
    ADDRESS_FAMILY("IP family of the packet or of its address list differs from this instance's"),
    TRUNCATED("packet is shorter than its fixed fields, or its length does not match its address count"),
    CHECKSUM("checksum is wrong: corrupted in transit, or the sender computes it differently"),
    VRID_NOT_CONFIGURED("VRID is not the one configured for this instance"),
    LOCAL_ADDRESS_OWNER("this router owns the virtual addresses (priority 255) and ignores other routers"),
    NO_ADDRESSES("advertisement lists no virtual address"),
    ZERO_ADVER_INTERVAL("VRRPv3 Max Adver Int is 0, which would make every backup take over at once"),
    AUTH_TYPE_MISMATCH("VRRPv2 Auth Type is not 0 (none); RFC 2338 authentication is not supported"),
    ADDRESS_LIST_MISMATCH("VRRPv2 address list differs from the configured one and the sender is not the owner"),
    ADVER_INTERVAL_MISMATCH("VRRPv2 Adver Int differs from the configured advertisement interval");

    private final String description;

    DropReason(String description) {
        this.description = description;
    }

    /** One line for operators, e.g. in {@code vrrp:show}. */
    public String description() {
        return description;
    }
}
