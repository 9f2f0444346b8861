package org.vireo.health.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * An interface's state as the kernel shows it in sysfs ({@code /sys/class/net/IF}) of this JVM's network
 * namespace: cheap to read (no process, no netlink socket), so it can be polled every second.
 *
 * @param exists    the interface is there
 * @param adminUp   IFF_UP ({@code ip link set IF up})
 * @param carrier   the link has a carrier (a cable, the veth's peer up); false when admin down
 * @param operState the kernel's RFC 2863 operational state ({@code up}, {@code down}, {@code lowerlayerdown},
 *                  {@code unknown} for links without one, such as {@code lo}); "absent" if it does not exist
 */
public record LinkState(boolean exists, boolean adminUp, boolean carrier, String operState) {

    public static final Path SYS_CLASS_NET = Path.of("/sys/class/net");
    private static final int IFF_UP = 0x1;

    /** Up means usable: there, admin up, a carrier, and operationally up (or without such a state). */
    public boolean up() {
        return exists && adminUp && carrier && (operState.equals("up") || operState.equals("unknown"));
    }

    /** For the operator: "up", or what is missing. */
    public String describe() {
        if (!exists) {
            return "no such interface";
        }
        if (!adminUp) {
            return "administratively down";
        }
        if (!carrier) {
            return "no carrier";
        }
        return up() ? "up" : "operationally " + operState;
    }

    /** Reads {@code iface} under {@code sysClassNet} ({@link #SYS_CLASS_NET}; another root in tests). */
    public static LinkState read(Path sysClassNet, String iface) throws IOException {
        if (iface.isEmpty() || iface.contains("/") || iface.equals(".") || iface.equals("..")) {
            throw new IllegalArgumentException("interface name '" + iface + "' is not one: no '/', not '.' or '..'");
        }
        Path dir = sysClassNet.resolve(iface);
        if (!Files.isDirectory(dir)) {
            return new LinkState(false, false, false, "absent");
        }
        try {
            int flags = Integer.decode(Files.readString(dir.resolve("flags")).trim());
            String oper = Files.readString(dir.resolve("operstate")).trim();
            boolean adminUp = (flags & IFF_UP) != 0;
            return new LinkState(true, adminUp, adminUp && carrier(dir), oper);
        } catch (NoSuchFileException e) {
            return new LinkState(false, false, false, "absent"); // went away while we read
        }
    }

    private static boolean carrier(Path dir) {
        try {
            return Files.readString(dir.resolve("carrier")).trim().equals("1");
        } catch (IOException e) {
            return false; // the kernel refuses the read (EINVAL) while the link is down
        }
    }
}
