package org.vireo.scanner.internal.proxy;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

import org.vireo.scanner.internal.ftp.FtpOptions;
import org.vireo.scanner.internal.ftp.Vsftpd;

/**
 * The FTP proxy as it runs, beside a proxy of {@link ProxyFixture} (its rules naming loopback), in front of a real
 * vsftpd serving {@code pub/hello.txt}.
 */
final class FtpFixture implements AutoCloseable {

    final Vsftpd vsftpd;
    final ProxyFixture proxy;
    final int ftpPort;
    private final Path dir;

    /** @param proxyOptions the HTTP proxy's configuration besides the fixture's ({@code directors}, {@code authUsers}) */
    FtpFixture(Map<String, Object> proxyOptions) throws IOException, InterruptedException {
        dir = Files.createTempDirectory("vireo-ftp-fixture");
        vsftpd = new Vsftpd(dir);
        Files.writeString(vsftpd.root.resolve("pub/hello.txt"), "hello\n");
        proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, proxyOptions);
        int passive = Vsftpd.freePort();
        ftpPort = proxy.server.ftp(new FtpOptions(InetAddress.getLoopbackAddress(), 0, passive,
            Math.min(65_535, passive + 20), 10_000, 60_000, 10_000, 5_000)).orElseThrow().getPort();
    }

    @Override
    public void close() throws Exception {
        proxy.close();
        vsftpd.close();
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
