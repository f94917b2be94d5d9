package io.apogee.transport.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

/**
 * A server's certificate chain and private key, as PEM files, with the SHA-256 fingerprint of its first certificate
 * (what a client pins, and what the log shows). Either given, or generated once (self-signed) into a directory and kept
 * there, so a restart serves the same certificate. Immutable.
 *
 * @param certPath    the X.509 certificate chain, PEM
 * @param keyPath     the PKCS#8 private key, PEM
 * @param keyPassword the key's password, or null when it is not encrypted
 * @param fingerprint the SHA-256 of the first certificate's DER bytes, upper-case hex pairs joined by colons
 * @param generated   whether it was generated at this start
 */
public record ServerCertificate(Path certPath, Path keyPath, String keyPassword, String fingerprint, boolean generated) {
    /** The generated certificate's file name in its directory. */
    public static final String CERT_FILE = "apogee-tls-cert.pem";
    /** The generated key's file name in its directory. */
    public static final String KEY_FILE = "apogee-tls-key.pem";
    private static final String SUBJECT = "localhost";
    private static final Duration VALIDITY = Duration.ofDays(3650);

    /**
     * The certificate at {@code certPath} with its key.
     *
     * @throws UncheckedIOException if the certificate cannot be read or parsed
     */
    public static ServerCertificate of(Path certPath, Path keyPath, String keyPassword) {
        return new ServerCertificate(certPath, keyPath, keyPassword, fingerprintOf(certPath), false);
    }

    /**
     * The self-signed certificate kept in {@code dir}, generated there first when it is not (the key readable by its
     * owner only, where the file system says so), valid for ten years. Generation takes milliseconds and needs no
     * network ({@link SelfSignedCertificateGenerator}).
     *
     * @throws UncheckedIOException if it can be neither read nor generated
     */
    public static ServerCertificate keptIn(Path dir) {
        return keptIn(dir, SUBJECT);
    }

    /**
     * As {@link #keptIn(Path)}, with {@code commonName} as the subject's CN and the DNS name (a client certificate
     * names its user so).
     *
     * @throws UncheckedIOException if it can be neither read nor generated
     */
    public static ServerCertificate keptIn(Path dir, String commonName) {
        Path cert = dir.resolve(CERT_FILE);
        Path key = dir.resolve(KEY_FILE);
        if (Files.exists(cert) && Files.exists(key)) {
            return of(cert, key, null);
        }
        try {
            SelfSignedCertificateGenerator.Generated generated = SelfSignedCertificateGenerator.generate(commonName,
                Instant.now(), VALIDITY);
            Files.createDirectories(dir);
            Path keyTemp = Files.createTempFile(dir, KEY_FILE, ".tmp");
            ownerOnly(keyTemp);
            Files.writeString(keyTemp, generated.privateKeyPem(), StandardCharsets.US_ASCII);
            Files.writeString(cert, generated.certificatePem(), StandardCharsets.US_ASCII);
            // the key is moved in last: a start stopped half-way generates again
            Files.move(keyTemp, key, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the generated TLS certificate in " + dir, e);
        } catch (GeneralSecurityException e) {
            throw new UncheckedIOException(new IOException("cannot generate a self-signed TLS certificate", e));
        }
        ServerCertificate kept = of(cert, key, null);
        return new ServerCertificate(kept.certPath, kept.keyPath, null, kept.fingerprint, true);
    }

    private static void ownerOnly(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the directory's own protection applies
        }
    }

    /** The SHA-256 fingerprint of the first certificate in the PEM file {@code certPath}. */
    public static String fingerprintOf(Path certPath) {
        try (InputStream in = Files.newInputStream(certPath)) {
            X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(cert.getEncoded());
            return HexFormat.ofDelimiter(":").withUpperCase().formatHex(digest);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the TLS certificate " + certPath, e);
        } catch (GeneralSecurityException e) {
            throw new UncheckedIOException(new IOException("not an X.509 certificate in PEM: " + certPath, e));
        }
    }
}
