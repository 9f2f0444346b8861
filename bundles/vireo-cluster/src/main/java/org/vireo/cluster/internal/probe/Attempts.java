package org.vireo.cluster.internal.probe;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
import java.net.URI;

import org.vireo.cluster.MemberProbes;

/** The probe's attempts on the network: a TCP connection opened and closed, or a GET on a connection of its own. */
final class Attempts {

    private Attempts() {
    }

    static void run(String target, int timeoutMillis) throws IOException {
        if (target.startsWith("tcp:")) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(MemberProbes.Request.tcpHost(target),
                    MemberProbes.Request.tcpPort(target)), timeoutMillis);
            }
        } else {
            get(target, timeoutMillis);
        }
    }

    /**
     * A GET that gets a status line back, whatever the status (the VIP answered). "Connection: close" so that no
     * connection is kept for the next attempt: each attempt must find its way to the VIP's current owner anew.
     */
    private static void get(String url, int timeoutMillis) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection(Proxy.NO_PROXY);
        c.setConnectTimeout(timeoutMillis);
        c.setReadTimeout(timeoutMillis);
        c.setUseCaches(false);
        c.setInstanceFollowRedirects(false);
        c.setRequestProperty("Connection", "close");
        try {
            c.getResponseCode();
            try (InputStream body = c.getResponseCode() < 400 ? c.getInputStream() : c.getErrorStream()) {
                if (body != null) {
                    body.readNBytes(64 * 1024);
                }
            }
        } finally {
            c.disconnect();
        }
    }
}
