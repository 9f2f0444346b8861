package org.vireo.itests;

import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/** vsftpd in the lab's origin namespace: anonymous, serving {@code pub/big.bin}, on one address of either family. */
final class Vsftpd {

    private Vsftpd() {
    }

    /**
     * Starts it on {@code address} (an IPv6 literal: listen_ipv6) and waits (bounded) until the client in c gets a
     * listing, which it does once vsftpd has read its configuration; returns its root.
     */
    static Path start(Lab lab, String address, byte[] big) throws Exception {
        boolean v6 = address.contains(":");
        Path dir = Files.createTempDirectory("vireo-ftp");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path root = dir.resolve("root");
        Files.createDirectories(root.resolve("pub"));
        Files.write(root.resolve("pub/big.bin"), big);
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("r-xr-xr-x")); // vsftpd wants it so
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Path conf = dir.resolve("vsftpd.conf");
        Files.write(conf, List.of(v6 ? "listen=NO" : "listen=YES", v6 ? "listen_ipv6=YES" : "listen_ipv6=NO",
            (v6 ? "listen_address6=" : "listen_address=") + address, "listen_port=21", "background=NO",
            "anonymous_enable=YES", "anon_root=" + root, "no_anon_password=YES", "local_enable=NO",
            "secure_chroot_dir=" + empty, "pasv_enable=YES", "port_enable=YES", "connect_from_port_20=NO",
            "seccomp_sandbox=NO", "xferlog_enable=NO", "ftp_username=ftp", "max_per_ip=0", "max_clients=0"));
        lab.run(30, "spawn", "o", dir.resolve("vsftpd.out").toString(), "/usr/sbin/vsftpd", conf.toString());
        String url = "ftp://" + (v6 ? "[" + address + "]" : address) + "/pub/";
        long end = System.nanoTime() + 20_000_000_000L;
        while (lab.tryRun(10, List.of(), "exec", "c", "curl", "-sS", "--max-time", "3", url).exit() != 0) {
            assertTrue("vsftpd does not answer on " + address, System.nanoTime() < end);
            Thread.sleep(100);
        }
        return root;
    }
}
