package org.vireo.vrrp;

/**
 * Why a received VRRP packet was discarded.
 *
 * <p>Declared in the order of the receive path: the frame as the transport takes it off the wire (counted per
 * interface, where no instance applies yet), which instance it is for and whether it may speak to it, then the
 * checks of RFC 5798 section 7.1 (VRRPv3) or RFC 3768 section 7.1 (VRRPv2) in the order the codec applies
 * them, so a packet that breaks several of those is reported under the first one. Rules that apply to one
 * version only say so in their description.
 */
public enum DropReason {
    KERNEL_DROPPED("dropped by the kernel before Vireo read it: the capture buffer was full"),
    TRUNCATED_FRAME("frame is cut short: shorter than its Ethernet or IP header, or than VRRP's version and VRID"),
    NOT_VRRP("not VRRP directly over IPv4 or IPv6 (another protocol, or IPv6 extension headers before it)"),
    MALFORMED_IP_HEADER("IP header is malformed: wrong IP version, or lengths that contradict each other"),
    IP_FRAGMENT("IPv4 fragment: VRRP is never fragmented, and fragments are not reassembled"),
    IP_HEADER_CHECKSUM("IPv4 header checksum is wrong: corrupted in transit, or forged carelessly"),
    UNKNOWN_VRID("no instance on this interface runs this VRID in this IP family"),
    OWN_ADDRESS("source is the instance's own address: another host uses it, or a loop sent it back"),
    NOT_A_PEER("source is not one of the instance's allowed peers (allowedPeers, or else unicastPeers)"),
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
