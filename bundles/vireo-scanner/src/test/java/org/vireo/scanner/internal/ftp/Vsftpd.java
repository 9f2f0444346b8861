package org.vireo.scanner.internal.ftp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real FTP server for the tests: Debian's vsftpd on 127.0.0.1 on a free port, anonymous, serving {@link #root}
 * ({@code pub/} to read, {@code incoming/} to write), started as a child process and stopped by its PID. Needs root
 * (vsftpd drops to the {@code ftp} user) and the vsftpd package, which .ci/run installs.
 */
public final class Vsftpd implements AutoCloseable {

    public final Path root;
    public final int port;
    private final Path dir;
    private final Process process;

    public Vsftpd(Path dir) throws IOException, InterruptedException {
        this(dir, List.of());
    }

    /** @param settings vsftpd.conf lines ({@code key=value}) in place of the defaults' lines of the same keys */
    public Vsftpd(Path dir, List<String> settings) throws IOException, InterruptedException {
        this.dir = dir;
        this.root = dir.resolve("root");
        Files.createDirectories(root.resolve("pub"));
        Path incoming = Files.createDirectories(root.resolve("incoming"));
        Path empty = Files.createDirectories(dir.resolve("empty"));
        UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
        Files.setOwner(incoming, users.lookupPrincipalByName("ftp"));
        // vsftpd refuses an anonymous root it could write to: root's, and read-only
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("r-xr-xr-x"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        port = freePort();
        Path config = dir.resolve("vsftpd.conf");
        List<String> lines = new ArrayList<>(List.of("listen=YES", "listen_address=127.0.0.1", "listen_port=" + port,
            "background=NO", "anonymous_enable=YES", "anon_root=" + root, "no_anon_password=YES",
            "write_enable=YES", "anon_upload_enable=YES", "anon_mkdir_write_enable=YES",
            "anon_other_write_enable=YES", "anon_umask=022", "local_enable=NO", "secure_chroot_dir=" + empty,
            "pasv_enable=YES", "port_enable=YES", "connect_from_port_20=NO", "seccomp_sandbox=NO",
            "xferlog_enable=NO", "vsftpd_log_file=" + dir.resolve("vsftpd.log"), "ftp_username=ftp",
            "max_per_ip=0", "max_clients=0"));
        for (String setting : settings) {
            String key = setting.substring(0, setting.indexOf('=') + 1);
            lines.removeIf(l -> l.startsWith(key));
            lines.add(setting);
        }
        Files.write(config, lines);
        process = new ProcessBuilder("/usr/sbin/vsftpd", config.toString()).redirectErrorStream(true)
            .redirectOutput(dir.resolve("vsftpd.out").toFile()).start();
        awaitGreeting(Duration.ofSeconds(10));
    }

    /** Until the server greets a client: it listens once it has read its configuration. */
    private void awaitGreeting(Duration within) throws IOException, InterruptedException {
        long end = System.nanoTime() + within.toNanos();
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                s.setSoTimeout(2000);
                String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
                if (line != null && line.startsWith("220")) {
                    return;
                }
            } catch (IOException notYet) {
                if (!process.isAlive() || System.nanoTime() > end) {
                    throw new IOException("vsftpd did not start: " + Files.readString(dir.resolve("vsftpd.out")),
                        notYet);
                }
            }
            // vsftpd binds after it has read its configuration: a few milliseconds, nothing to wait on but the port
            process.waitFor(20, TimeUnit.MILLISECONDS);
        }
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
