package io.apogee.broker.server;

import io.apogee.transport.tls.ClientAuthMode;
import io.apogee.transport.tls.ServerCertificate;
import io.apogee.transport.tls.ServerTls;
import io.apogee.transport.tls.TlsMode;
import java.nio.file.Path;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The TLS of a server's ports, as {@link TlsKeys} read it. Immutable; {@link #serverTls} is called once per process
 * at start-up, and every port of the process shares what it returns.
 *
 * @param mode          the ports' mode
 * @param certPath      the given certificate chain, or null for the generated one
 * @param keyPath       the given key, or null for the generated one
 * @param keyPassword   the given key's password, or null
 * @param clientAuth    whether client certificates are asked for
 * @param trustCertPath the certificates client certificates are checked against, or null to accept any
 */
public record TlsSettings(TlsMode mode, Path certPath, Path keyPath, String keyPassword, ClientAuthMode clientAuth,
    Path trustCertPath) {
    private static final Logger LOG = LoggerFactory.getLogger(TlsSettings.class);

    /**
     * The ports' TLS: the given certificate, or the self-signed one kept in {@code generatedDir} (generated there on
     * the first start). Logs the mode, the certificate's file and its SHA-256 fingerprint.
     *
     * @throws java.io.UncheckedIOException if a certificate can be neither read nor generated
     */
    public ServerTls serverTls(Path generatedDir) {
        if (mode == TlsMode.DISABLED) {
            LOG.info("TLS disabled: plaintext only");
            return ServerTls.disabled();
        }
        ServerCertificate certificate = certPath == null ? ServerCertificate.keptIn(generatedDir)
            : ServerCertificate.of(certPath, keyPath, keyPassword);
        LOG.info("TLS {}: certificate {}{}, SHA-256 {}", mode.name().toLowerCase(Locale.ROOT),
            certificate.certPath(), certificate.generated() ? " (self-signed, generated now)"
                : certPath == null ? " (self-signed, generated at an earlier start)" : "", certificate.fingerprint());
        return ServerTls.of(mode, certificate, clientAuth, trustCertPath);
    }
}
