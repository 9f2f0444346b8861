package org.vireo.vrrp.internal.packet;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.vireo.config.AddressText;
import org.vireo.vrrp.DropReason;

/**
 * Encodes VRRP advertisements and decodes + validates received ones. Works on the VRRP message
 * only; the transport owns the IP header and hands over its facts (addresses, TTL / hop limit).
 *
 * <pre>
 * VRRPv3 (RFC 5798 5.1)                       VRRPv2 (RFC 3768 5.1)
 * 0: Version(4) | Type(4)                     0: Version(4) | Type(4)
 * 1: VRID                                     1: VRID
 * 2: Priority                                 2: Priority
 * 3: Count IPvX Addrs                         3: Count IP Addrs
 * 4: Rsvd(4) | Max Adver Int(12), cs          4: Auth Type    5: Adver Int, s
 * 6: Checksum(16), with pseudo-header         6: Checksum(16), message only
 * 8: addresses, 4 or 16 bytes each            8: IPv4 addresses, then 8 bytes Authentication Data
 * </pre>
 */
public final class VrrpCodec {

    // Field offsets and sizes of the message, see the class comment.
    private static final int FIXED_LENGTH = 8;
    private static final int V2_AUTH_DATA_LENGTH = 8;
    private static final int VRID = 1;
    private static final int PRIORITY = 2;
    private static final int COUNT = 3;
    private static final int INTERVAL = 4;
    private static final int V2_AUTH_TYPE = 4;
    private static final int V2_ADVER_INT = 5;
    private static final int CHECKSUM = 6;
    private static final int ADDRESSES = 8;

    /** IP protocol / IPv6 next header number of VRRP. */
    public static final int IP_PROTOCOL = 112;
    /** The only TTL / hop limit a VRRP packet may be sent and received with. */
    public static final int REQUIRED_TTL = 255;
    public static final int TYPE_ADVERTISEMENT = 1;
    /** The only VRRPv2 Auth Type RFC 3768 still defines. */
    public static final int AUTH_TYPE_NONE = 0;
    /** Longest message: VRRPv3 with 255 IPv6 addresses. */
    public static final int MAX_LENGTH = FIXED_LENGTH + FieldRules.MAX_ADDRESSES * AddressLists.IPV6_LENGTH;

    private VrrpCodec() {
    }

    /** Length of the encoded message, to size the buffer handed to the offset variant of {@code encode}. */
    public static int encodedLength(VrrpAdvert advert) {
        return messageLength(advert.version(), advert.addresses().size(), advert.isIpv6());
    }

    /** Encodes into a new array; see {@link #encode(VrrpAdvert, InetAddress, InetAddress, byte[], int)}. */
    public static byte[] encode(VrrpAdvert advert, InetAddress source, InetAddress destination) {
        byte[] out = new byte[encodedLength(advert)];
        encode(advert, source, destination, out, 0);
        return out;
    }

    /**
     * Writes the VRRP message (not the IP header) at {@code out[offset]}, checksum included.
     *
     * @param source      IP source the packet will carry; part of the VRRPv3 checksum
     * @param destination IP destination the packet will carry; part of the VRRPv3 checksum
     * @return the number of bytes written
     * @throws IllegalArgumentException if source or destination is not of the advertisement's IP family
     * @throws IndexOutOfBoundsException if the message does not fit in {@code out} at {@code offset}
     */
    public static int encode(VrrpAdvert advert, InetAddress source, InetAddress destination, byte[] out,
            int offset) {
        Objects.requireNonNull(advert, "advert");
        Objects.requireNonNull(out, "out");
        requireFamily("source", source, advert.isIpv6());
        requireFamily("destination", destination, advert.isIpv6());
        VrrpVersion version = advert.version();
        int length = encodedLength(advert);
        Objects.checkFromIndexSize(offset, length, out.length);

        out[offset] = (byte) (version.wireValue() << 4 | TYPE_ADVERTISEMENT);
        out[offset + VRID] = (byte) advert.vrid();
        out[offset + PRIORITY] = (byte) advert.priority();
        out[offset + COUNT] = (byte) advert.addresses().size();
        if (version == VrrpVersion.V3) {
            // interval <= 4095, so the 4 reserved bits are written as 0, as RFC 5798 5.2.6 requires
            out[offset + INTERVAL] = (byte) (advert.interval() >>> 8);
            out[offset + INTERVAL + 1] = (byte) advert.interval();
        } else {
            out[offset + V2_AUTH_TYPE] = AUTH_TYPE_NONE;
            out[offset + V2_ADVER_INT] = (byte) advert.interval();
        }
        out[offset + CHECKSUM] = 0;
        out[offset + CHECKSUM + 1] = 0;
        int at = offset + ADDRESSES;
        List<InetAddress> addresses = advert.addresses();
        for (int i = 0; i < addresses.size(); i++) {
            byte[] address = addresses.get(i).getAddress();
            System.arraycopy(address, 0, out, at, address.length);
            at += address.length;
        }
        if (version == VrrpVersion.V2) {
            // RFC 3768 5.3.10: kept only for RFC 2338 compatibility, sent as zero
            Arrays.fill(out, at, at + V2_AUTH_DATA_LENGTH, (byte) 0);
        }

        int checksum = InternetChecksum.checksum(sum(version, source, destination, out, offset, length));
        out[offset + CHECKSUM] = (byte) (checksum >>> 8);
        out[offset + CHECKSUM + 1] = (byte) checksum;
        return length;
    }

    /**
     * Decodes a received VRRP message and applies the receive checks of RFC 5798 section 7.1
     * (VRRPv3) or RFC 3768 section 7.1 (VRRPv2), in this order; the first failure is the reason:
     * <ol>
     * <li>{@link DropReason#NOT_A_PEER}: the context names the allowed sources and this is not one</li>
     * <li>{@link DropReason#TTL_NOT_255}</li>
     * <li>{@link DropReason#WRONG_VERSION} (an empty message is {@link DropReason#TRUNCATED})</li>
     * <li>{@link DropReason#UNKNOWN_TYPE}</li>
     * <li>{@link DropReason#ADDRESS_FAMILY}: source and destination differ in family, or are not the
     *     instance's family (the family decides the address size, so it precedes the length check)</li>
     * <li>{@link DropReason#TRUNCATED}: shorter than the fixed fields, or the length is not what the
     *     address count needs; {@link DropReason#ADDRESS_FAMILY} instead if an IPv4 packet is exactly
     *     as long as IPv6 addresses would make it</li>
     * <li>{@link DropReason#CHECKSUM}</li>
     * <li>{@link DropReason#VRID_NOT_CONFIGURED}</li>
     * <li>{@link DropReason#LOCAL_ADDRESS_OWNER}</li>
     * <li>{@link DropReason#NO_ADDRESSES}</li>
     * <li>v3: {@link DropReason#ZERO_ADVER_INTERVAL} (RFC 9568 erratum 8301)</li>
     * <li>v2: {@link DropReason#AUTH_TYPE_MISMATCH}</li>
     * <li>address list: v2 from a non-owner {@link DropReason#ADDRESS_LIST_MISMATCH}; otherwise flagged</li>
     * <li>v2: {@link DropReason#ADVER_INTERVAL_MISMATCH}</li>
     * </ol>
     * Malformed bytes never throw. A valid packet allocates the result and the advert; the address
     * list is reused from the context when it matches the configured one in order. The only other
     * cost is VRRPv3's pseudo-header reading source and destination through
     * {@code InetAddress.getAddress()}, which copies (2 x 4 bytes for IPv4).
     *
     * @param buf         holds the VRRP message at {@code buf[off]}, {@code len} bytes as the IP
     *                    header's length says (any link-layer padding already cut off)
     * @param source      IP source of the received packet
     * @param destination IP destination of the received packet
     * @param ttl         IPv4 TTL or IPv6 hop limit of the received packet
     * @param context     the receiving instance
     * @return accepted with the advert, or dropped with the first failed check
     * @throws IndexOutOfBoundsException if {@code off}/{@code len} lie outside {@code buf} (a caller bug)
     */
    public static ReceiveResult decode(byte[] buf, int off, int len, InetAddress source, InetAddress destination,
            int ttl, ReceiveContext context) {
        Objects.requireNonNull(buf, "buf");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(context, "context");
        Objects.checkFromIndexSize(off, len, buf.length);
        VrrpVersion version = context.version();

        if (!context.allows(source)) {
            return drop(DropReason.NOT_A_PEER);
        }
        if (ttl != REQUIRED_TTL) {
            return drop(DropReason.TTL_NOT_255);
        }
        if (len == 0) {
            return drop(DropReason.TRUNCATED);
        }
        if ((buf[off] & 0xFF) >>> 4 != version.wireValue()) {
            return drop(DropReason.WRONG_VERSION);
        }
        if ((buf[off] & 0x0F) != TYPE_ADVERTISEMENT) {
            return drop(DropReason.UNKNOWN_TYPE);
        }
        boolean ipv6 = source instanceof Inet6Address;
        if (ipv6 != (destination instanceof Inet6Address) || ipv6 != context.isIpv6()) {
            return drop(DropReason.ADDRESS_FAMILY);
        }
        if (len < FIXED_LENGTH) {
            return drop(DropReason.TRUNCATED);
        }
        int count = buf[off + COUNT] & 0xFF;
        if (len != messageLength(version, count, ipv6)) {
            // Exactly the length IPv6 addresses would need: the sender put an IPv6 list in an IPv4
            // packet. Only this direction, where the message is longer than expected, so a plain
            // truncation is never reported as a family problem.
            boolean ipv6ListInIpv4 = !ipv6 && count > 0 && len == messageLength(version, count, true);
            return drop(ipv6ListInIpv4 ? DropReason.ADDRESS_FAMILY : DropReason.TRUNCATED);
        }
        if (!InternetChecksum.verifies(sum(version, source, destination, buf, off, len))) {
            return drop(DropReason.CHECKSUM);
        }
        int vrid = buf[off + VRID] & 0xFF;
        if (vrid != context.vrid()) {
            return drop(DropReason.VRID_NOT_CONFIGURED);
        }
        if (context.addressOwner()) {
            return drop(DropReason.LOCAL_ADDRESS_OWNER);
        }
        if (count == 0) {
            return drop(DropReason.NO_ADDRESSES);
        }
        int interval;
        if (version == VrrpVersion.V3) {
            // RFC 5798 5.2.6: the reserved bits are ignored on reception
            interval = ((buf[off + INTERVAL] & 0x0F) << 8) | (buf[off + INTERVAL + 1] & 0xFF);
            if (interval == 0) {
                return drop(DropReason.ZERO_ADVER_INTERVAL);
            }
        } else {
            if ((buf[off + V2_AUTH_TYPE] & 0xFF) != AUTH_TYPE_NONE) {
                return drop(DropReason.AUTH_TYPE_MISMATCH);
            }
            interval = buf[off + V2_ADVER_INT] & 0xFF;
        }

        int priority = buf[off + PRIORITY] & 0xFF;
        int addressLength = ipv6 ? AddressLists.IPV6_LENGTH : AddressLists.IPV4_LENGTH;
        byte[] configured = context.packedAddresses();
        boolean inOrder = AddressLists.sameInOrder(buf, off + ADDRESSES, count, addressLength, configured);
        boolean listDiffers = !inOrder
                && !AddressLists.sameSet(buf, off + ADDRESSES, count, addressLength, configured);
        if (version == VrrpVersion.V2) {
            // RFC 3768 7.1: a mismatched list is only tolerated from the address owner
            if (listDiffers && priority != VrrpAdvert.PRIORITY_OWNER) {
                return drop(DropReason.ADDRESS_LIST_MISMATCH);
            }
            if (interval != context.adverInterval()) {
                return drop(DropReason.ADVER_INTERVAL_MISMATCH);
            }
        }

        List<InetAddress> addresses = inOrder
                ? context.addresses()
                : AddressLists.unpack(buf, off + ADDRESSES, count, addressLength);
        return new ReceiveResult.Accepted(new VrrpAdvert(version, vrid, priority, interval, addresses), listDiffers);
    }

    private static int messageLength(VrrpVersion version, int count, boolean ipv6) {
        int addressLength = ipv6 ? AddressLists.IPV6_LENGTH : AddressLists.IPV4_LENGTH;
        int trailer = version == VrrpVersion.V2 ? V2_AUTH_DATA_LENGTH : 0;
        return FIXED_LENGTH + count * addressLength + trailer;
    }

    /** The one's complement sum the checksum covers: VRRPv3 adds the pseudo-header, VRRPv2 does not. */
    private static int sum(VrrpVersion version, InetAddress source, InetAddress destination, byte[] buf, int off,
            int len) {
        int sum = version == VrrpVersion.V3
                ? InternetChecksum.addPseudoHeader(0, source, destination, IP_PROTOCOL, len)
                : 0;
        return InternetChecksum.add(sum, buf, off, len);
    }

    private static void requireFamily(String name, InetAddress address, boolean ipv6) {
        Objects.requireNonNull(address, name);
        if ((address instanceof Inet6Address) != ipv6) {
            throw new IllegalArgumentException(name + " must be " + (ipv6 ? "IPv6" : "IPv4")
                    + " like the advertised addresses, was " + AddressText.of(address));
        }
    }

    private static ReceiveResult drop(DropReason reason) {
        return new ReceiveResult.Dropped(reason);
    }
}
