package io.apogee.transport.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The one signing algorithm of RocketMQ's ACL: HmacSHA1, keyed with the secret key's UTF-8 bytes. Stateless. */
final class Hmac {
    static final String ALGORITHM = "HmacSHA1";
    /** The length of a digest. */
    static final int DIGEST_BYTES = 20;
    /** The length of a digest in Base64, with its padding. */
    static final int SIGNATURE_BYTES = 28;

    private Hmac() {
    }

    /** A new Mac keyed with {@code secretKey}. */
    static Mac keyedWith(String secretKey) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no " + ALGORITHM, e);
        }
    }
}
