package org.vireo.srv.internal.redirect;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;

import javax.net.ssl.KeyManagerFactory;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;

/** The login endpoint's TLS: this node's key and certificate from a PKCS12 file (such as its cluster node.p12). */
final class EndpointTls {

    private EndpointTls() {
    }

    /** @throws IllegalStateException naming the file and what is wrong (missing, bad password, no key) */
    static SslContext serverContext(Path keystore, String password) {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password.toCharArray());
            boolean hasKey = false;
            for (String alias : Collections.list(store.aliases())) {
                hasKey |= store.isKeyEntry(alias);
            }
            if (!hasKey) {
                throw new IllegalStateException("keystore " + keystore + " holds no private key: expected this node's"
                    + " key and certificate (cluster:issue-cert writes one)");
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(store, password.toCharArray());
            return SslContextBuilder.forServer(kmf).build();
        } catch (IOException e) {
            throw new IllegalStateException("keystore " + keystore + ": cannot be read (" + e.getMessage()
                + "; a wrong keystorePassword reads so too)", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("keystore " + keystore + ": " + e.getMessage(), e);
        }
    }
}
