package io.apogee.broker.ha;

import io.apogee.transport.auth.Credentials;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The authentication that opens a replication connection when {@code haAuthenticationEnabled} is on, before
 * RocketMQ's classic frames ({@link HaFrame}). RocketMQ's protocol has none, so only Apogee brokers speak it. The
 * master sends a fresh random challenge; the slave answers with its access key and an HMAC of the challenge keyed
 * with its secret key, so the secret never travels and an answer is worth nothing on another connection. Big-endian.
 *
 * <pre>
 * master to slave, the challenge:
 *   0       4         8                    24
 *   +-------+---------+--------------------+
 *   | magic | version | nonce (16 bytes)   |
 *   +-------+---------+--------------------+
 *
 * slave to master, the answer:
 *   0       4          6                       6+n                      6+n+32
 *   +-------+----------+-----------------------+------------------------+
 *   | magic | n (u16)  | access key (UTF-8, n) | HmacSHA256 (32 bytes)  |
 *   +-------+----------+-----------------------+------------------------+
 *   HmacSHA256 keyed with the secret key's UTF-8 bytes, over CONTEXT, the nonce and the access key's bytes
 * </pre>
 *
 * <p>The magic fills the high half of what a classic slave reads as a frame's offset: an offset no log reaches,
 * which is how a slave without credentials tells a challenge from a frame. Stateless.
 */
final class HaHandshake {
    /** "APHA": opens both messages. */
    static final int MAGIC = 0x41504841;
    /** The one version so far. */
    static final int VERSION = 1;
    /** The random bytes of a challenge. */
    static final int NONCE_LENGTH = 16;
    /** A challenge: magic, version and nonce. */
    static final int CHALLENGE_LENGTH = 2 * Integer.BYTES + NONCE_LENGTH;
    /** The longest access key an answer carries. */
    static final int MAX_ACCESS_KEY = 255;
    /** The length of a signature. */
    static final int SIGNATURE_LENGTH = 32;
    /** Where an answer's access key starts. */
    static final int ACCESS_KEY_OFFSET = Integer.BYTES + Short.BYTES;
    /** The longest answer. */
    static final int MAX_ANSWER_LENGTH = ACCESS_KEY_OFFSET + MAX_ACCESS_KEY + SIGNATURE_LENGTH;
    private static final String ALGORITHM = "HmacSHA256";
    /** Signed before the nonce, so that no other signature of the same secret can stand in for this one. */
    private static final byte[] CONTEXT = "apogee-ha-authentication-v1".getBytes(StandardCharsets.US_ASCII);

    private HaHandshake() {
    }

    /** Writes the challenge of {@code nonce} into {@code challenge} (cleared first) and flips it for writing out. */
    static ByteBuffer challenge(ByteBuffer challenge, byte[] nonce) {
        challenge.clear();
        challenge.putInt(MAGIC).putInt(VERSION).put(nonce).flip();
        return challenge;
    }

    /** Whether the 8 bytes at {@code at} in {@code bytes} open a challenge of this version. */
    static boolean isChallenge(ByteBuffer bytes, int at) {
        return bytes.getInt(at) == MAGIC && bytes.getInt(at + Integer.BYTES) == VERSION;
    }

    /** Whether {@code offset}, read as a classic frame's, is the start of a challenge of any version. */
    static boolean looksLikeChallenge(long offset) {
        return (int) (offset >>> Integer.SIZE) == MAGIC;
    }

    /** The nonce of the challenge at {@code at} in {@code bytes}. */
    static byte[] nonce(ByteBuffer bytes, int at) {
        byte[] nonce = new byte[NONCE_LENGTH];
        bytes.get(at + 2 * Integer.BYTES, nonce);
        return nonce;
    }

    /** The answer to the challenge of {@code nonce} with {@code credentials}, ready to write. */
    static ByteBuffer answer(Credentials credentials, byte[] nonce) {
        byte[] accessKey = credentials.accessKey().getBytes(StandardCharsets.UTF_8);
        if (accessKey.length > MAX_ACCESS_KEY) {
            throw new IllegalArgumentException("an access key of over " + MAX_ACCESS_KEY + " bytes");
        }
        ByteBuffer answer = ByteBuffer.allocate(ACCESS_KEY_OFFSET + accessKey.length + SIGNATURE_LENGTH);
        answer.putInt(MAGIC).putShort((short) accessKey.length).put(accessKey)
            .put(signature(credentials.secretKey(), nonce, accessKey)).flip();
        return answer;
    }

    /**
     * The length of the answer that starts at the start of {@code bytes} (read mode), or -1 while too few bytes
     * arrived to tell.
     */
    static int answerLength(ByteBuffer bytes) {
        if (bytes.remaining() < ACCESS_KEY_OFFSET) {
            return -1;
        }
        return ACCESS_KEY_OFFSET + Short.toUnsignedInt(bytes.getShort(Integer.BYTES)) + SIGNATURE_LENGTH;
    }

    /** HmacSHA256 keyed with {@code secretKey} over the context, {@code nonce} and {@code accessKey}. */
    static byte[] signature(String secretKey, byte[] nonce, byte[] accessKey) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            mac.update(CONTEXT);
            mac.update(nonce);
            return mac.doFinal(accessKey);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no " + ALGORITHM, e);
        }
    }
}
