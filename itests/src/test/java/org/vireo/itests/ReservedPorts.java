package org.vireo.itests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for a container to bind later, picked below the kernel's ephemeral range. A port taken with bind(0) and
 * released is back in that range: the next bind(0) of the test itself (an origin server) or a client's source port
 * could take it before the container binds it. That happened: an origin got the SSH port, sshd failed to bind, and
 * bin/client reached the origin ("Session is being closed"). Below the range the kernel never hands a port out.
 */
final class ReservedPorts {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int LOWEST = 10_000;
    private static final int ATTEMPTS = 200;
    private static final Set<Integer> GIVEN = new HashSet<>();

    private ReservedPorts() {
    }

    /** A port free now, outside the ephemeral range, and not given before in this JVM. */
    static synchronized String next() {
        int below = ephemeralLow();
        for (int i = 0; i < ATTEMPTS; i++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, below);
            if (!GIVEN.contains(port) && bindable(port)) {
                GIVEN.add(port);
                return Integer.toString(port);
            }
        }
        throw new IllegalStateException("no free port in " + LOWEST + ".." + (below - 1) + " after " + ATTEMPTS
            + " tries");
    }

    private static boolean bindable(int port) {
        try (ServerSocket s = new ServerSocket(port)) {
            return true;
        } catch (IOException busy) {
            return false;
        }
    }

    private static int ephemeralLow() {
        try {
            // by lines: Files.readString returns one byte of a /proc file, which says its size is 0
            int low = Integer.parseInt(Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+")[0]);
            if (low <= LOWEST + 1000) {
                throw new IllegalStateException("the ephemeral range starts at " + low + " (" + EPHEMERAL_RANGE
                    + "): no room below it for reserved ports");
            }
            return low;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + EPHEMERAL_RANGE, e);
        }
    }
}
