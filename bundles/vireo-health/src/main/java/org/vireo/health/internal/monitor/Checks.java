package org.vireo.health.internal.monitor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.channels.AsynchronousChannelGroup;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.Optional;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.vireo.settings.MonitorOptions;

/**
 * Makes the check of a monitor, and owns what checks share: one thread for every TCP connect, a few threads
 * that exist only while host names are looked up, and one HTTP client per TLS policy (made when first needed).
 */
public final class Checks implements AutoCloseable {

    static final int RESOLVER_THREADS = 4;

    private final Path sysClassNet;
    private final AsynchronousChannelGroup tcp;
    private final ThreadPoolExecutor resolver;
    private HttpClient verifying;
    private HttpClient trusting;

    /** @param sysClassNet where link checks read interfaces ({@link org.vireo.health.internal.LinkState#SYS_CLASS_NET}) */
    public Checks(Path sysClassNet) {
        this.sysClassNet = sysClassNet;
        try {
            tcp = AsynchronousChannelGroup.withFixedThreadPool(1, daemon("vireo-health-tcp"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the TCP check thread", e);
        }
        // a lookup blocks its thread for as long as the resolver takes: a few of them, never a scheduler thread
        resolver = new ThreadPoolExecutor(0, RESOLVER_THREADS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
            daemon("vireo-health-dns"));
    }

    Check create(MonitorOptions o) {
        return switch (o.type()) {
            case TCP -> new TcpCheck(o.host(), o.port(), tcp, resolver);
            case HTTP -> new HttpCheck(httpClient(o.tlsVerify()), URI.create(o.url()), o.expectStatus(),
                o.bodyMatch().isEmpty() ? Optional.empty() : Optional.of(Pattern.compile(o.bodyMatch())));
            case LINK -> new LinkCheck(sysClassNet, o.interfaceName());
            case COMMAND -> new CommandCheck(o.command());
        };
    }

    /** No proxy (a health check goes to the origin itself); no redirects (a 3xx is a status like any other). */
    private synchronized HttpClient httpClient(boolean verifyTls) {
        if (verifyTls) {
            if (verifying == null) {
                verifying = builder().build();
            }
            return verifying;
        }
        if (trusting == null) {
            trusting = builder().sslContext(trustingEveryCertificate()).build();
        }
        return trusting;
    }

    private static HttpClient.Builder builder() {
        return HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).followRedirects(HttpClient.Redirect.NEVER);
    }

    /**
     * For tlsVerify = false (origins with self-signed certificates): an extended trust manager, so that the JDK
     * does not add its own host name check around it.
     */
    private static SSLContext trustingEveryCertificate() {
        X509ExtendedTrustManager any = new X509ExtendedTrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        };
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {any}, new SecureRandom());
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no TLS in this JVM", e);
        }
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public void close() {
        try {
            tcp.shutdownNow();
        } catch (IOException e) {
            // closing the sockets of checks in progress failed: they go with the group's thread
        }
        resolver.shutdownNow();
    }
}
