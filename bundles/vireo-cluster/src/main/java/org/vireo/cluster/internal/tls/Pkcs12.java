package org.vireo.cluster.internal.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.UnrecoverableKeyException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/** Reading and writing the PKCS12 and PEM files of the cluster CA and the nodes, with owner-only permissions. */
final class Pkcs12 {

    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");

    private Pkcs12() {
    }

    /**
     * Opens a PKCS12 file.
     *
     * @param role what the file is for, for messages ("keystore", "truststore", "cluster CA")
     */
    static KeyStore load(Path file, char[] password, String role) {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            return store;
        } catch (NoSuchFileException e) {
            throw new CredentialsException(role + " " + file + " does not exist: expected a PKCS12 file made by"
                + " cluster:init-ca or cluster:issue-cert");
        } catch (IOException e) {
            if (e.getCause() instanceof UnrecoverableKeyException || String.valueOf(e.getMessage()).contains("password")) {
                throw new CredentialsException(role + " " + file + " cannot be opened with the password given: expected"
                    + " the password printed when the file was made", e);
            }
            throw new CredentialsException(role + " " + file + " cannot be read (" + e.getMessage() + "): expected a"
                + " PKCS12 file made by cluster:init-ca or cluster:issue-cert", e);
        } catch (GeneralSecurityException e) {
            throw new CredentialsException(role + " " + file + " cannot be read (" + e.getMessage() + "): expected a"
                + " PKCS12 file made by cluster:init-ca or cluster:issue-cert", e);
        }
    }

    /** Writes a secret file readable by its owner only; replaces it atomically so a reader never sees half of it. */
    static void writeSecret(Path file, byte[] content) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = POSIX ? Files.createTempFile(dir, ".vireo", ".tmp", PosixFilePermissions.asFileAttribute(OWNER_FILE))
            : Files.createTempFile(dir, ".vireo", ".tmp");
        try {
            Files.write(tmp, content);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    static void writeSecret(Path file, KeyStore store, char[] password) throws IOException {
        try (var bytes = new java.io.ByteArrayOutputStream()) {
            store(store, bytes, password);
            writeSecret(file, bytes.toByteArray());
        }
    }

    private static void store(KeyStore store, OutputStream out, char[] password) throws IOException {
        try {
            store.store(out, password);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot encode the PKCS12 file: " + e.getMessage(), e);
        }
    }

    /** Creates the folder (and its parents) and makes it owner-only: it will hold private keys. */
    static void ownerOnlyDirectory(Path dir) throws IOException {
        Files.createDirectories(dir);
        if (POSIX) {
            Files.setPosixFilePermissions(dir, OWNER_DIR);
        }
    }

    static String pem(X509Certificate certificate) {
        try {
            return "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(certificate.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException("a certificate just made cannot be encoded", e);
        }
    }

    /** SHA-256 of the DER certificate, as openssl prints it ({@code AB:CD:...}), so operators can compare. */
    static String fingerprint(X509Certificate certificate) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded());
            return HexFormat.ofDelimiter(":").formatHex(digest).toUpperCase(Locale.ROOT);
        } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
            throw new IllegalStateException("SHA-256 of a certificate cannot be computed", e);
        }
    }
}
