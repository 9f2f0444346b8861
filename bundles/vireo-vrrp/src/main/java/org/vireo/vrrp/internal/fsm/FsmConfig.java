package org.vireo.vrrp.internal.fsm;

import java.net.Inet4Address;
import java.net.InetAddress;

import org.vireo.config.AddressText;

/**
 * Immutable configuration of one virtual router, validated on construction.
 *
 * @param vrid                 virtual router id, 1..255
 * @param version              V2 (RFC 3768) or V3 (RFC 5798)
 * @param basePriority         1..255; 255 marks the address owner
 * @param advertIntervalCentis Advertisement_Interval; V3: 1..4095 cs, V2: whole seconds 1..255 given in cs
 * @param preempt              Preempt_Mode; the owner preempts regardless (RFC 5798 6.1)
 * @param preemptDelayMicros   how long a higher-priority Backup tolerates a lower-priority Master, 0..1000 s
 * @param acceptMode           Accept_Mode, passed through to {@link FsmAction.BecomeMaster}
 * @param primaryAddress       this router's primary address, used for the equal-priority tie-break
 * @param claimTimeoutMicros   how long a new Master waits for its addresses to be claimed before it gives up and
 *                             goes back to Backup (it never advertises without them), 1 ms..60 s
 */
public record FsmConfig(
        int vrid,
        ProtocolVersion version,
        int basePriority,
        int advertIntervalCentis,
        boolean preempt,
        long preemptDelayMicros,
        boolean acceptMode,
        InetAddress primaryAddress,
        long claimTimeoutMicros) {

    public static final int OWNER_PRIORITY = 255;
    public static final int DEFAULT_PRIORITY = 100;
    public static final int DEFAULT_ADVERT_INTERVAL_CENTIS = 100;
    /** keepalived's ceiling; longer delays are almost certainly unit mistakes. */
    public static final long MAX_PREEMPT_DELAY_MICROS = 1_000L * VrrpTimings.MICROS_PER_SECOND;
    /**
     * A claim over netlink with its first gratuitous ARPs takes about a millisecond, a virtual MAC's macvlan (made
     * by iproute2) tens: one second is far beyond either, and short enough that a node which cannot claim hands the
     * addresses' fate back to the election quickly.
     */
    public static final long DEFAULT_CLAIM_TIMEOUT_MICROS = VrrpTimings.MICROS_PER_SECOND;

    public FsmConfig {
        requireRange("vrid", vrid, 1, 255, "");
        if (version == null) {
            throw new IllegalArgumentException("version = null; accepted: V2 or V3");
        }
        requireRange("basePriority", basePriority, 1, OWNER_PRIORITY, " (255 = address owner)");
        if (version == ProtocolVersion.V3) {
            requireRange("advertIntervalCentis", advertIntervalCentis, 1, 4095, " centiseconds for VRRPv3");
        } else if (advertIntervalCentis < 100 || advertIntervalCentis > 25_500 || advertIntervalCentis % 100 != 0) {
            throw new IllegalArgumentException("advertIntervalCentis = " + advertIntervalCentis
                    + "; accepted for VRRPv2: whole seconds 1..255, i.e. 100..25500 in steps of 100");
        }
        if (preemptDelayMicros < 0 || preemptDelayMicros > MAX_PREEMPT_DELAY_MICROS) {
            throw new IllegalArgumentException("preemptDelayMicros = " + preemptDelayMicros
                    + "; accepted: 0.." + MAX_PREEMPT_DELAY_MICROS + " (0..1000 s)");
        }
        if (claimTimeoutMicros < 1_000 || claimTimeoutMicros > 60 * VrrpTimings.MICROS_PER_SECOND) {
            throw new IllegalArgumentException("claimTimeoutMicros = " + claimTimeoutMicros
                    + "; accepted: 1000..60000000 (1 ms..60 s)");
        }
        if (primaryAddress == null) {
            throw new IllegalArgumentException("primaryAddress = null; accepted: any IPv4 or IPv6 address");
        }
        if (version == ProtocolVersion.V2 && !(primaryAddress instanceof Inet4Address)) {
            throw new IllegalArgumentException("primaryAddress = " + AddressText.of(primaryAddress)
                    + "; accepted for VRRPv2: IPv4 only (RFC 3768)");
        }
    }

    private static void requireRange(String field, int value, int min, int max, String unit) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " = " + value + "; accepted: " + min + ".." + max + unit);
        }
    }

    public boolean isAddressOwner() {
        return basePriority == OWNER_PRIORITY;
    }

    public long advertIntervalMicros() {
        return VrrpTimings.centisToMicros(advertIntervalCentis);
    }

    /** A builder starting from the RFC defaults: V3, priority 100, 1 s, preempt on, no delay, accept off. */
    public static Builder builder(int vrid, InetAddress primaryAddress) {
        return new Builder(vrid, primaryAddress);
    }

    /** Collects settings; {@link #build()} validates them all at once. */
    public static final class Builder {
        private final int vrid;
        private final InetAddress primaryAddress;
        private ProtocolVersion version = ProtocolVersion.V3;
        private int basePriority = DEFAULT_PRIORITY;
        private int advertIntervalCentis = DEFAULT_ADVERT_INTERVAL_CENTIS;
        private boolean preempt = true;
        private long preemptDelayMicros;
        private boolean acceptMode;
        private long claimTimeoutMicros = DEFAULT_CLAIM_TIMEOUT_MICROS;

        private Builder(int vrid, InetAddress primaryAddress) {
            this.vrid = vrid;
            this.primaryAddress = primaryAddress;
        }

        public Builder version(ProtocolVersion value) {
            version = value;
            return this;
        }

        public Builder basePriority(int value) {
            basePriority = value;
            return this;
        }

        public Builder advertIntervalCentis(int value) {
            advertIntervalCentis = value;
            return this;
        }

        public Builder preempt(boolean value) {
            preempt = value;
            return this;
        }

        public Builder preemptDelayMicros(long value) {
            preemptDelayMicros = value;
            return this;
        }

        public Builder acceptMode(boolean value) {
            acceptMode = value;
            return this;
        }

        public Builder claimTimeoutMicros(long value) {
            claimTimeoutMicros = value;
            return this;
        }

        public FsmConfig build() {
            return new FsmConfig(vrid, version, basePriority, advertIntervalCentis, preempt, preemptDelayMicros,
                    acceptMode, primaryAddress, claimTimeoutMicros);
        }
    }
}
