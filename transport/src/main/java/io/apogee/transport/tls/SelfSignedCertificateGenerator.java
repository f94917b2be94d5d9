package io.apogee.transport.tls;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;

/**
 * Makes a self-signed X.509 v3 certificate in process, with the JDK's own key and signature classes: an EC P-256 key,
 * subject and issuer {@code CN=localhost}, the subject alternative names {@code localhost} and {@code 127.0.0.1}, signed
 * with SHA256withECDSA. It takes milliseconds and needs neither network, BouncyCastle nor the {@code keytool} program.
 * The DER is written by hand (RFC 5280 section 4.1); only the few types a certificate needs are encoded. Stateless.
 */
final class SelfSignedCertificateGenerator {
    private static final byte SEQUENCE = 0x30;
    private static final byte SET = 0x31;
    private static final byte INTEGER = 0x02;
    private static final byte BIT_STRING = 0x03;
    private static final byte OCTET_STRING = 0x04;
    private static final byte OID = 0x06;
    private static final byte UTF8_STRING = 0x0C;
    private static final byte UTC_TIME = 0x17;
    private static final byte GENERALIZED_TIME = 0x18;
    private static final int LAST_UTC_TIME_YEAR = 2049;
    private static final byte VERSION_TAG = (byte) 0xA0;
    private static final byte EXTENSIONS_TAG = (byte) 0xA3;
    private static final byte SAN_DNS = (byte) 0x82;
    private static final byte SAN_IP = (byte) 0x87;
    private static final byte[] ECDSA_WITH_SHA256 = {0x2A, (byte) 0x86, 0x48, (byte) 0xCE, 0x3D, 0x04, 0x03, 0x02};
    private static final byte[] COMMON_NAME = {0x55, 0x04, 0x03};
    private static final byte[] SUBJECT_ALT_NAME = {0x55, 0x1D, 0x11};
    private static final byte[] V3 = {0x02};
    private static final byte[] LOOPBACK = {127, 0, 0, 1};
    private static final int SERIAL_BYTES = 16;
    private static final int LONG_LENGTH = 0x80;
    private static final int PEM_LINE = 64;
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter GENERALIZED = DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'")
        .withZone(ZoneOffset.UTC);

    /** The certificate and its key, each as PEM text. */
    record Generated(String certificatePem, String privateKeyPem) {
    }

    private SelfSignedCertificateGenerator() {
    }

    /** A certificate for {@code host} valid from now for {@code validity}. */
    static Generated generate(String host, Instant now, Duration validity) throws GeneralSecurityException {
        KeyPairGenerator keys = KeyPairGenerator.getInstance("EC");
        keys.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = keys.generateKeyPair();
        byte[] algorithm = tlv(SEQUENCE, tlv(OID, ECDSA_WITH_SHA256));
        byte[] name = tlv(SEQUENCE, tlv(SET, tlv(SEQUENCE, tlv(OID, COMMON_NAME),
            tlv(UTF8_STRING, host.getBytes(StandardCharsets.UTF_8)))));
        byte[] validityDer = tlv(SEQUENCE, time(now), time(now.plus(validity)));
        byte[] altNames = tlv(SEQUENCE, tlv(SAN_DNS, host.getBytes(StandardCharsets.US_ASCII)), tlv(SAN_IP, LOOPBACK));
        byte[] extensions = tlv(EXTENSIONS_TAG, tlv(SEQUENCE, tlv(SEQUENCE, tlv(OID, SUBJECT_ALT_NAME),
            tlv(OCTET_STRING, altNames))));
        byte[] tbs = tlv(SEQUENCE, tlv(VERSION_TAG, tlv(INTEGER, V3)), tlv(INTEGER, serial()), algorithm, name,
            validityDer, name, pair.getPublic().getEncoded(), extensions);
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(pair.getPrivate());
        signer.update(tbs);
        byte[] signature = signer.sign();
        byte[] certificate = tlv(SEQUENCE, tbs, algorithm, tlv(BIT_STRING, new byte[] {0}, signature));
        return new Generated(pem("CERTIFICATE", certificate), pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
    }

    /** A positive serial number of 16 random bytes, its first byte non-zero and below 0x80 (minimal DER). */
    private static byte[] serial() {
        byte[] serial = new byte[SERIAL_BYTES];
        new SecureRandom().nextBytes(serial);
        serial[0] = (byte) ((serial[0] & 0x3F) | 0x40);
        return serial;
    }

    /** UTCTime through 2049, GeneralizedTime after, as RFC 5280 asks. */
    private static byte[] time(Instant instant) {
        boolean utc = instant.atZone(ZoneOffset.UTC).getYear() <= LAST_UTC_TIME_YEAR;
        return tlv(utc ? UTC_TIME : GENERALIZED_TIME,
            (utc ? UTC : GENERALIZED).format(instant).getBytes(StandardCharsets.US_ASCII));
    }

    /** One DER element: its tag, its length (short or long form) and its parts, one after another. */
    private static byte[] tlv(byte tag, byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(length + 6);
        out.write(tag);
        if (length < LONG_LENGTH) {
            out.write(length);
        } else {
            int bytes = (Integer.SIZE - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(LONG_LENGTH | bytes);
            for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
                out.write(length >>> shift);
            }
        }
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static String pem(String type, byte[] der) {
        String base64 = Base64.getMimeEncoder(PEM_LINE, new byte[] {'\n'}).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + base64 + "\n-----END " + type + "-----\n";
    }
}
