package org.vireo.vip.internal.alias;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs iproute2's {@code ip}, for what is off the takeover path: listing addresses, the macvlan of virtual-MAC
 * mode, the neighbour table, and the guard's clean-up after a crash. (The VIPs themselves are added and removed
 * over netlink, {@link NetlinkVipManager}: a process start there cost 15-30 ms on a busy machine.) The exit
 * status is the kernel's answer. The prefix runs it elsewhere, e.g. {@code ip netns exec NS} in tests.
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
