package org.vireo.vip.internal.guard;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface.PromiscuousMode;
import org.vireo.vip.internal.alias.IpCommand;

/** The guard's side effects: frames through libpcap (pcap4j), aliases and links through iproute2 as the node does. */
final class SystemActions implements Guard.Actions {

    private final IpCommand ip = new IpCommand(List.of());
    private final Consumer<String> log;

    SystemActions(Consumer<String> log) {
        this.log = log;
    }

    /**
     * Goes once through the calls of the death path without an effect (a handle on {@code lo}, a send that
     * libpcap refuses for being empty, {@code ip -V}): the first call of each costs tens of milliseconds in a fresh
     * JVM. Reports what is missing.
     */
    void warmUp() {
        try {
            PcapHandle handle = open("lo");
            try {
                handle.sendPacket(new byte[0], 0);
            } catch (PcapNativeException expected) {
                // "must be positive": refused by libpcap before any syscall, as intended
            } finally {
                handle.close();
            }
        } catch (IOException | NotOpenException | RuntimeException | LinkageError e) {
            log.accept("could not prepare libpcap on lo (" + e.getMessage() + "): the adverts will leave later"
                + (e instanceof LinkageError ? " or not at all (install libpcap0.8)" : ""));
        }
        try {
            ip.run("-V");
        } catch (IOException e) {
            log.accept("the guard cannot remove VIPs: " + e.getMessage());
        }
    }

    private static PcapHandle open(String interfaceName) throws IOException {
        try {
            // the builder opens the device by name; Pcaps.getDevByName would first list every interface
            // a small buffer: the handle only sends, and the kernel sets up its receive ring faster
            return new PcapHandle.Builder(interfaceName).snaplen(64).timeoutMillis(1).bufferSize(64 * 1024)
                .promiscuousMode(PromiscuousMode.NONPROMISCUOUS).build();
        } catch (PcapNativeException e) {
            String message = String.valueOf(e.getMessage());
            throw new IOException("cannot open " + interfaceName + " with libpcap: " + message
                + (message.toLowerCase(Locale.ROOT).contains("permi") ? " (needs CAP_NET_RAW: run as root)" : ""), e);
        }
    }

    @Override
    public void send(String interfaceName, List<byte[]> frames) throws IOException {
        PcapHandle handle = open(interfaceName);
        try {
            for (byte[] frame : frames) {
                handle.sendPacket(frame);
            }
        } catch (PcapNativeException | NotOpenException e) {
            throw new IOException("sending on " + interfaceName + " failed: " + e.getMessage(), e);
        } finally {
            handle.close();
        }
    }

    @Override
    public void deleteAlias(String interfaceName, String alias) throws IOException {
        ip.run(alias.contains(":") ? "-6" : "-4", "addr", "del", alias, "dev", interfaceName);
    }

    @Override
    public void deleteLink(String link) throws IOException {
        ip.run("link", "del", link);
    }
}
