package org.vireo.vip.internal.pcap;

import java.io.IOException;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.stream.Collectors;

/** Turns what goes wrong when opening an interface into a message that says what is missing and how to fix it. */
final class PcapErrors {

    static final String PRIVILEGE_FIX = "the JVM needs CAP_NET_RAW to send and receive VRRP and CAP_NET_ADMIN for"
        + " the VIPs: run Vireo as root, or grant them (setcap cap_net_raw,cap_net_admin+ep on the java binary)";
    static final String LIBPCAP_FIX = "libpcap is not installed or cannot be loaded: install it (Debian: apt-get"
        + " install libpcap0.8)";

    private static final Path IPV6_SYSCTL = Path.of("/proc/sys/net/ipv6");

    private PcapErrors() {
    }

    /** The interface if it exists and is up; otherwise an IOException naming what this node has. */
    static NetworkInterface requireUsable(String name) throws IOException {
        String problem = unusable(name);
        if (problem != null) {
            throw new IOException(problem);
        }
        return NetworkInterface.getByName(name);
    }

    /** Why {@code name} cannot carry VRRP now, or null if it can. */
    static String unusable(String name) {
        try {
            NetworkInterface nif = NetworkInterface.getByName(name);
            if (nif == null) {
                return "no interface " + name + " on this node (it has: " + interfaces() + "); the instance starts"
                    + " when it appears";
            }
            if (!nif.isUp()) {
                return name + " is down (ip link set " + name + " up)";
            }
            return null;
        } catch (SocketException e) {
            return "cannot read the state of " + name + ": " + e.getMessage();
        }
    }

    /** Why an IPv6 instance cannot run on {@code name} (IPv6 is disabled there or on the node), or null if it can. */
    static String ipv6Unusable(String name) {
        return ipv6Unusable(IPV6_SYSCTL, name);
    }

    /** The same, reading the kernel's IPv6 settings under {@code sysctl} (normally {@code /proc/sys/net/ipv6}). */
    static String ipv6Unusable(Path sysctl, String name) {
        if (!Files.isDirectory(sysctl)) {
            return "IPv6 is disabled on this node (the kernel has no IPv6: booted with ipv6.disable=1?): an IPv6"
                + " instance cannot run on " + name + "; use addressFamily = ipv4, or enable IPv6";
        }
        Path flag = sysctl.resolve("conf").resolve(name).resolve("disable_ipv6");
        try {
            if (!Files.readString(flag).trim().equals("1")) {
                return null;
            }
        } catch (IOException e) {
            return null; // no such knob: the interface check says what is wrong with the interface
        }
        String key = "net.ipv6.conf." + name.replace('.', '/') + ".disable_ipv6"; // sysctl writes a dot in a name as /
        return "IPv6 is disabled on " + name + " (" + key + " = 1): an IPv6 instance needs it; enable it (sysctl -w "
            + key + "=0, and in /etc/sysctl.d to keep it) or use addressFamily = ipv4";
    }

    /** An IOException for a libpcap open that failed with {@code cause}. */
    static IOException openFailed(String name, Throwable cause) {
        String text = String.valueOf(cause.getMessage());
        String message;
        if (cause instanceof LinkageError) {
            message = LIBPCAP_FIX + " (" + cause + ")";
        } else if (text.contains("permission") || text.contains("Operation not permitted")
            || text.contains("not permitted")) {
            message = "no permission to capture on " + name + " (" + text.trim() + "): " + PRIVILEGE_FIX;
        } else if (text.contains("No such device")) {
            message = "no interface " + name + " (libpcap: " + text.trim() + ")";
        } else {
            message = "libpcap cannot open " + name + ": " + text.trim();
        }
        return new IOException(message, cause);
    }

    private static String interfaces() throws SocketException {
        return Collections.list(NetworkInterface.getNetworkInterfaces()).stream().map(NetworkInterface::getName)
            .sorted().collect(Collectors.joining(", "));
    }
}
