package org.vireo.balancer.internal.share;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.vip.VipManager;

/**
 * What lets a backup accept traffic for a VIP without claiming it: the VIP as a host address on {@code lo} (so
 * the kernel takes packets for it as local), and on the instance's interface {@code arp_ignore = 1} (answer ARP
 * only for addresses on that interface: not for the one on lo, so the master stays the only one to answer) and
 * {@code arp_announce = 2} (never use the lo address as the source of an ARP request). The master's own VIP on the
 * interface is answered as before. Addresses and settings are undone when no instance needs them any more; the
 * sysctls get back the values they had.
 */
public final class LoopbackVips {

    private static final Logger LOG = LoggerFactory.getLogger(LoopbackVips.class);
    static final String LOOPBACK = "lo";

    private final Path procSysNet;
    private final Set<InetAddress> onLoopback = new LinkedHashSet<>();
    private final Map<String, Map<String, String>> savedSysctls = new HashMap<>();
    private final Map<String, String> problems = new LinkedHashMap<>();

    /** @param procSysNet {@code /proc/sys/net} */
    public LoopbackVips(Path procSysNet) {
        this.procSysNet = procSysNet;
    }

    /**
     * Makes {@code lo} hold exactly the wanted VIPs this class added, and the ARP settings of their interfaces.
     *
     * @param wanted VIP -> the interface of its instance
     * @param vips   the address manager; null when vireo-vip is not installed (then nothing can be done: a problem)
     */
    public synchronized void reconcile(Map<InetAddress, String> wanted, VipManager vips) {
        problems.keySet().removeIf(k -> !k.startsWith("sysctl"));
        if (vips == null) {
            if (!wanted.isEmpty()) {
                problems.put("vip", "sharing and sendToMaster need the VIP manager (feature vireo-vip): not installed");
            }
            return;
        }
        Set<String> interfaces = new LinkedHashSet<>(wanted.values());
        for (String iface : interfaces) {
            if (!savedSysctls.containsKey(iface)) {
                arpSettings(iface);
            }
        }
        List<InetAddress> add = new ArrayList<>();
        for (InetAddress a : wanted.keySet()) {
            if (!onLoopback.contains(a)) {
                add.add(a);
            }
        }
        List<InetAddress> remove = new ArrayList<>();
        for (InetAddress a : onLoopback) {
            if (!wanted.containsKey(a)) {
                remove.add(a);
            }
        }
        change(vips, add, remove);
        for (String iface : new ArrayList<>(savedSysctls.keySet())) {
            if (!interfaces.contains(iface)) {
                restore(iface);
            }
        }
    }

    private void change(VipManager vips, List<InetAddress> add, List<InetAddress> remove) {
        try {
            if (!add.isEmpty()) {
                vips.claim(LOOPBACK, add);
                onLoopback.addAll(add);
                LOG.info("balancer: {} on lo, to accept its traffic while backup (sharing or sendToMaster)", add);
            }
            if (!remove.isEmpty()) {
                vips.release(LOOPBACK, remove);
                onLoopback.removeAll(remove);
                LOG.info("balancer: {} off lo", remove);
            }
            problems.remove("lo");
        } catch (IOException e) {
            String p = "cannot change the VIPs on lo: " + e.getMessage()
                + " (sharing and sendToMaster need CAP_NET_ADMIN)";
            if (!Objects.equals(problems.put("lo", p), p)) {
                LOG.error("balancer: {}", p);
            }
        }
    }

    /** arp_ignore = 1, arp_announce = 2 on an IPv4 interface; the old values are kept to put back. */
    private void arpSettings(String iface) {
        Map<String, String> saved = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, String> want : Map.of("arp_ignore", "1", "arp_announce", "2").entrySet()) {
                Path p = procSysNet.resolve("ipv4/conf").resolve(iface).resolve(want.getKey());
                String old = Files.readString(p).strip();
                if (!old.equals(want.getValue())) {
                    Files.writeString(p, want.getValue());
                    saved.put(want.getKey(), old);
                }
            }
            savedSysctls.put(iface, saved);
            problems.remove("sysctl " + iface);
            if (!saved.isEmpty()) {
                LOG.info("balancer: on {} arp_ignore = 1, arp_announce = 2 (were {}): the VIPs on lo are never"
                    + " answered or announced there", iface, saved);
            }
        } catch (IOException | RuntimeException e) {
            savedSysctls.put(iface, saved); // what was changed is put back later; not retried in a loop
            String p = "cannot set the ARP settings of " + iface + " (" + e.getMessage() + "): this backup may answer"
                + " ARP for the VIPs it holds on lo";
            problems.put("sysctl " + iface, p);
            LOG.error("balancer: {}", p);
        }
    }

    private void restore(String iface) {
        Map<String, String> saved = savedSysctls.remove(iface);
        problems.remove("sysctl " + iface);
        saved.forEach((key, value) -> {
            try {
                Files.writeString(procSysNet.resolve("ipv4/conf").resolve(iface).resolve(key), value);
            } catch (IOException e) {
                LOG.warn("balancer: cannot put {} of {} back to {}: {}", key, iface, value, e.getMessage());
            }
        });
    }

    /** What went wrong, for balancer:stats. */
    public synchronized List<String> problems() {
        return List.copyOf(problems.values());
    }

    /** The VIPs this node holds on lo now. */
    public synchronized Set<InetAddress> held() {
        return Set.copyOf(onLoopback);
    }

    /** Takes every VIP off lo and puts the ARP settings back. */
    public synchronized void release(VipManager vips) {
        reconcile(Map.of(), vips);
        new ArrayList<>(savedSysctls.keySet()).forEach(this::restore);
    }
}
