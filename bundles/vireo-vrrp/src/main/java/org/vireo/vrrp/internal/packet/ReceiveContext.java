package org.vireo.vrrp.internal.packet;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.List;
import java.util.Objects;

/**
 * What the receive checks need to know about the local instance of a virtual router.
 *
 * <p>Immutable. Built once per configuration change, not per packet: it keeps the configured
 * addresses in wire form so that comparing a received list allocates nothing.
 */
public final class ReceiveContext {

    private final VrrpVersion version;
    private final int vrid;
    private final boolean addressOwner;
    private final List<InetAddress> addresses;
    private final int adverInterval;
    private final byte[] packedAddresses;
    private final List<InetAddress> allowedSources;

    /** A context that takes adverts from any source; see the full constructor. */
    public ReceiveContext(VrrpVersion version, int vrid, boolean addressOwner, List<InetAddress> addresses,
            int adverInterval) {
        this(version, vrid, addressOwner, addresses, adverInterval, List.of());
    }

    /**
     * @param version       the version this instance speaks; other versions are dropped
     * @param vrid          configured VRID, 1..255
     * @param addressOwner  whether the local router owns the virtual addresses (local priority 255)
     * @param addresses     configured virtual addresses, same rules as {@link VrrpAdvert#addresses()};
     *                      their family is the IP family the instance runs on
     * @param adverInterval configured interval in the version's unit (see {@link VrrpAdvert#interval()});
     *                      only VRRPv2 compares it with received packets (RFC 3768 section 7.1), a
     *                      VRRPv3 backup adopts the master's interval instead
     * @param allowedSources the only IP sources adverts are taken from (the instance's peers); empty: any source
     */
    public ReceiveContext(VrrpVersion version, int vrid, boolean addressOwner, List<InetAddress> addresses,
            int adverInterval, List<InetAddress> allowedSources) {
        this.version = Objects.requireNonNull(version, "version");
        this.vrid = FieldRules.requireVrid(vrid);
        this.addressOwner = addressOwner;
        this.addresses = FieldRules.requireAddresses(version, Objects.requireNonNull(addresses, "addresses"));
        this.adverInterval = FieldRules.requireInterval(version, adverInterval);
        this.packedAddresses = AddressLists.pack(this.addresses);
        this.allowedSources = List.copyOf(Objects.requireNonNull(allowedSources, "allowedSources"));
    }

    public VrrpVersion version() {
        return version;
    }

    public int vrid() {
        return vrid;
    }

    public boolean addressOwner() {
        return addressOwner;
    }

    public List<InetAddress> addresses() {
        return addresses;
    }

    public int adverInterval() {
        return adverInterval;
    }

    /** The only sources adverts are taken from; empty: any. */
    public List<InetAddress> allowedSources() {
        return allowedSources;
    }

    /** Whether an advert from {@code source} may be taken; allocates nothing (a short list, compared in place). */
    boolean allows(InetAddress source) {
        return allowedSources.isEmpty() || allowedSources.contains(source);
    }

    boolean isIpv6() {
        return addresses.get(0) instanceof Inet6Address;
    }

    /** The configured addresses as they appear on the wire; never handed out, so never modified. */
    byte[] packedAddresses() {
        return packedAddresses;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ReceiveContext that
                && version == that.version
                && vrid == that.vrid
                && addressOwner == that.addressOwner
                && adverInterval == that.adverInterval
                && addresses.equals(that.addresses)
                && allowedSources.equals(that.allowedSources);
    }

    @Override
    public int hashCode() {
        return Objects.hash(version, vrid, addressOwner, addresses, adverInterval, allowedSources);
    }

    @Override
    public String toString() {
        return "ReceiveContext[version=" + version + ", vrid=" + vrid + ", addressOwner=" + addressOwner
                + ", addresses=" + addresses + ", adverInterval=" + adverInterval
                + ", allowedSources=" + allowedSources + "]";
    }
}
