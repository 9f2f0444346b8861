package org.vireo.vip.internal.alias;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs iproute2's {@code ip}. Why the tool and not netlink: Java has no netlink API, a JNI or JNA netlink
 * binding would be a large native surface to keep right, and iproute2 is on every appliance; addresses
 * change only on VRRP state changes, so a process start (a few ms) is cheap, and every change is checked
 * by reading the addresses back. The prefix runs it elsewhere, e.g. {@code ip netns exec NS} in the lab.
 * Public for the guard ({@code org.vireo.vip.internal.guard}), which undoes the aliases the same way.
 */
public final class IpCommand {

    private static final long TIMEOUT_SECONDS = 10;

    private final List<String> prefix;

    public IpCommand(List<String> prefix) {
        this.prefix = List.copyOf(prefix);
    }

    /** Runs {@code ip args...}; returns its standard output. */
    public String run(String... args) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add("ip");
        command.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot run '" + String.join(" ", command) + "': " + e.getMessage()
                + " (install iproute2)", e);
        }
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("'" + String.join(" ", command) + "' did not finish in " + TIMEOUT_SECONDS + " s");
            }
            if (p.exitValue() != 0) {
                throw new IOException("'" + String.join(" ", command) + "' failed (exit " + p.exitValue() + "): "
                    + out.trim() + (out.contains("Operation not permitted") ? " (needs CAP_NET_ADMIN: run as root)" : ""));
            }
            return out;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running '" + String.join(" ", command) + "'", e);
        }
    }
}
