package org.vireo.vip.internal;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * A network namespace of a test's own, and one thread inside it. setns moves the calling thread only: what that
 * thread opens (sockets, libpcap handles) and the threads and processes it starts belong to the namespace, the rest
 * of the test JVM stays where it is. One JVM caveat: {@code java.net.NetworkInterface} reads IPv6 addresses from
 * {@code /proc/net}, which is the main thread's namespace, so an interface is found there only if it has an IPv4
 * address. Needs root and iproute2, as CI has; nothing is added to the root namespace.
 */
public final class NetNamespace implements AutoCloseable {

    private static final int CLONE_NEWNET = 0x40000000;
    private static final int O_RDONLY = 0;

    interface Libc extends Library {
        int open(String path, int flags) throws LastErrorException;

        int setns(int fd, int type) throws LastErrorException;

        int close(int fd);
    }

    private final String name;
    private final ExecutorService inside = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "in-netns");
        t.setDaemon(true);
        return t;
    });

    private NetNamespace(String name) {
        this.name = name;
    }

    /** Whether this test run may make namespaces: root, with iproute2. */
    public static boolean available() {
        try {
            Process p = new ProcessBuilder("id", "-u").start();
            boolean root = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim().equals("0");
            return root && onPath("ip");
        } catch (IOException e) {
            return false;
        }
    }

    /** Makes namespace {@code name} (unique per test run: put the PID in it) with its loopback up. */
    public static NetNamespace create(String name) throws Exception {
        sh("ip", "netns", "add", name);
        NetNamespace ns = new NetNamespace(name);
        ns.run("ip", "link", "set", "lo", "up");
        ns.call(() -> {
            enterOnThisThread(name);
            return null;
        });
        return ns;
    }

    /** Moves the calling thread into namespace {@code name}, for good. */
    public static void enterOnThisThread(String name) {
        Libc libc = Native.load("c", Libc.class);
        int fd = libc.open("/var/run/netns/" + name, O_RDONLY);
        try {
            libc.setns(fd, CLONE_NEWNET);
        } finally {
            libc.close(fd);
        }
    }

    public String name() {
        return name;
    }

    /** Runs a command inside the namespace ({@code ip netns exec}); its output, or a failure with it. */
    public String run(String... command) throws Exception {
        List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", name));
        all.addAll(Arrays.asList(command));
        return sh(all.toArray(new String[0]));
    }

    /**
     * A veth pair inside the namespace, the first end with {@code address} (CIDR), both up; returns once the first
     * is running (its carrier follows "up" a moment later, and an interface without one is down to the JVM).
     */
    public void cable(String name, String address, String peer) throws Exception {
        run("ip", "link", "add", name, "type", "veth", "peer", "name", peer);
        run("ip", "addr", "add", address, "dev", name);
        run("ip", "link", "set", name, "up");
        run("ip", "link", "set", peer, "up");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!run("ip", "-o", "link", "show", "dev", name).contains(" state UP ")) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException(name + " is not running 10 s after it was set up");
            }
            TimeUnit.MILLISECONDS.sleep(10);
        }
    }

    /**
     * Sets kernel settings of the namespace, each {@code "net/ipv6/conf/all/disable_ipv6=1"} (a path under
     * /proc/sys): written from the thread inside, whose namespace /proc/sys/net shows, so no sysctl tool is needed.
     */
    public void sysctl(String... settings) throws Exception {
        call(() -> {
            for (String setting : settings) {
                int eq = setting.indexOf('=');
                Files.writeString(Path.of("/proc/sys", setting.substring(0, eq)), setting.substring(eq + 1));
            }
            return null;
        });
    }

    /** Runs {@code task} on the thread inside the namespace and waits for it; its exception is rethrown. */
    public <T> T call(Callable<T> task) throws Exception {
        try {
            return inside.submit(task).get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    /**
     * How many packet sockets of this process belong to the namespace: this process's socket descriptors
     * ({@code /proc/self/fd}) matched by inode against the namespace's {@code /proc/net/packet}.
     */
    public int packetSocketsOfThisProcess() throws Exception {
        Set<String> inNamespace = call(() -> packetSocketInodes(Path.of("/proc/thread-self/net/packet")));
        Set<String> ours = socketInodesOfThisProcess();
        ours.retainAll(inNamespace);
        return ours.size();
    }

    /** The inodes of the packet sockets listed in a {@code /proc/.../net/packet} file (its last column). */
    public static Set<String> packetSocketInodes(Path packetTable) throws IOException {
        Set<String> inodes = new HashSet<>();
        List<String> lines = Files.readAllLines(packetTable);
        for (String line : lines.subList(1, lines.size())) {
            String[] columns = line.trim().split("\\s+");
            inodes.add(columns[columns.length - 1]);
        }
        return inodes;
    }

    /** The inodes of this process's open sockets, from the {@code socket:[inode]} links in /proc/self/fd. */
    public static Set<String> socketInodesOfThisProcess() throws IOException {
        Set<String> inodes = new HashSet<>();
        File[] fds = new File("/proc/self/fd").listFiles();
        for (File fd : fds == null ? new File[0] : fds) {
            try {
                String target = Files.readSymbolicLink(fd.toPath()).toString();
                if (target.startsWith("socket:[")) {
                    inodes.add(target.substring("socket:[".length(), target.length() - 1));
                }
            } catch (IOException closedMeanwhile) {
                // the descriptor of the listing itself, or one closed since
            }
        }
        return inodes;
    }

    @Override
    public void close() throws Exception {
        inside.shutdownNow();
        sh("ip", "netns", "del", name);
    }

    private static String sh(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }

    /** Whether {@code tool} is on the PATH (or in /usr/sbin, /sbin, where root's tools are). */
    public static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return Files.isExecutable(Path.of("/usr/sbin", tool)) || Files.isExecutable(Path.of("/sbin", tool));
    }
}
