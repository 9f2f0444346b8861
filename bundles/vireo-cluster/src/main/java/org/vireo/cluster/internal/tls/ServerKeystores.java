package org.vireo.cluster.internal.tls;

import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

import org.osgi.service.component.annotations.Component;

import org.vireo.api.ServerCertificate;
import org.vireo.api.ServerCertificates;

/** {@link ServerCertificates} from {@link ClusterCa}: one place makes and reads every key and certificate. */
@Component(service = ServerCertificates.class)
public class ServerKeystores implements ServerCertificates {

    /** RFC 5280 GeneralName tags of the subject alternative names the node's certificates carry. */
    private static final int DNS = 2;
    private static final int IP = 7;
    private static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";

    private final ClusterCa ca = new ClusterCa();

    @Override
    public ServerCertificate selfSigned(Path keystore, String nodeName, List<String> ipAddresses,
                                        List<String> dnsNames, Duration validity) {
        ClusterCa.IssuedCertificate made = ca.selfSigned(keystore, nodeName, ipAddresses, dnsNames, validity);
        return read(keystore, made.generatedPassword().orElseThrow().toCharArray());
    }

    @Override
    public ServerCertificate read(Path keystore, char[] password) {
        KeyStore store = Pkcs12.load(keystore, password, "server keystore");
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias) && store.getCertificate(alias) instanceof X509Certificate certificate) {
                    return describe(certificate);
                }
            }
        } catch (GeneralSecurityException e) {
            throw new CredentialsException("server keystore " + keystore + " cannot be read: " + e.getMessage(), e);
        }
        throw new CredentialsException("server keystore " + keystore + " holds no key entry: expected a key with its"
            + " certificate (cluster:issue-cert --api makes one)");
    }

    static ServerCertificate describe(X509Certificate certificate) throws CertificateParsingException {
        String subject = certificate.getSubjectX500Principal().toString();
        String issuer = certificate.getIssuerX500Principal().toString();
        List<String> usages = certificate.getExtendedKeyUsage();
        return new ServerCertificate(subject, issuer, altNames(certificate), Pkcs12.fingerprint(certificate),
            certificate.getNotBefore().toInstant(), certificate.getNotAfter().toInstant(),
            certificate.getSubjectX500Principal().equals(certificate.getIssuerX500Principal()),
            usages == null || usages.contains(SERVER_AUTH));
    }

    private static List<String> altNames(X509Certificate certificate) throws CertificateParsingException {
        Collection<List<?>> names = certificate.getSubjectAlternativeNames();
        List<String> out = new ArrayList<>();
        if (names != null) {
            for (List<?> name : names) {
                int tag = (Integer) name.get(0);
                if (tag == DNS || tag == IP) {
                    out.add((tag == DNS ? "DNS:" : "IP:") + name.get(1));
                }
            }
        }
        return out;
    }
}
