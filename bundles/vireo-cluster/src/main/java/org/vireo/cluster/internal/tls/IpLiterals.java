package org.vireo.cluster.internal.tls;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/** IP address literals, parsed without ever asking DNS (a cluster must not depend on name resolution). */
public final class IpLiterals {

    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
    private static final Pattern IPV6_CHARS = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

    private IpLiterals() {
    }

    /** The address if {@code text} is an IPv4 or IPv6 literal (IPv6 without brackets or zone), else empty. */
    public static Optional<InetAddress> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        boolean v4 = IPV4.matcher(text).matches();
        boolean v6 = !v4 && text.contains(":") && IPV6_CHARS.matcher(text).matches();
        if (!v4 && !v6) {
            return Optional.empty(); // anything else could make getByName query DNS
        }
        try {
            return Optional.of(InetAddress.getByName(text));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }
}
