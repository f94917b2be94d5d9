package io.apogee.broker.ha;

import io.apogee.broker.metadata.User;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.function.Function;

/**
 * The master's side of {@link HaHandshake}: makes each connection's challenge and checks the slave's answer against
 * the broker's users. A slave must sign as an enabled super user: it copies every topic's messages, so nothing less
 * than the right to read everything will do.
 *
 * <p>Used by the HA master's thread only.
 */
public final class SlaveAuthenticator {
    private final Function<String, User> users;
    private final SecureRandom random = new SecureRandom();

    /** Checks answers against the users {@code users} finds by name (null when there is none). */
    public SlaveAuthenticator(Function<String, User> users) {
        this.users = users;
    }

    /** A fresh nonce for one connection's challenge. */
    byte[] nonce() {
        byte[] nonce = new byte[HaHandshake.NONCE_LENGTH];
        random.nextBytes(nonce);
        return nonce;
    }

    /**
     * Null when {@code answer} (read mode, exactly one answer) answers the challenge of {@code nonce}; otherwise why
     * not, naming the access key but never a secret.
     */
    String refusal(byte[] nonce, ByteBuffer answer) {
        if (answer.getInt(0) != HaHandshake.MAGIC) {
            return "the slave did not authenticate (a RocketMQ slave, or haAuthenticationEnabled off at the slave)";
        }
        int keyLength = Short.toUnsignedInt(answer.getShort(Integer.BYTES));
        if (keyLength == 0 || keyLength > HaHandshake.MAX_ACCESS_KEY) {
            return "the slave's access key is " + keyLength + " bytes long; 1 to " + HaHandshake.MAX_ACCESS_KEY
                + " are taken";
        }
        byte[] accessKey = new byte[keyLength];
        answer.get(HaHandshake.ACCESS_KEY_OFFSET, accessKey);
        String username = new String(accessKey, StandardCharsets.UTF_8);
        User user = users.apply(username);
        if (user == null) {
            return "the slave signed as user " + username + ", whom this broker does not know";
        }
        if (!user.enabled()) {
            return "the slave signed as user " + username + ", who is disabled";
        }
        if (!user.isSuper()) {
            return "the slave signed as user " + username + ", who is not a super user";
        }
        byte[] signature = new byte[HaHandshake.SIGNATURE_LENGTH];
        answer.get(HaHandshake.ACCESS_KEY_OFFSET + keyLength, signature);
        byte[] expected = HaHandshake.signature(user.password(), nonce, accessKey);
        return MessageDigest.isEqual(expected, signature) ? null
            : "the slave's signature as user " + username + " is wrong (not this user's secret key)";
    }
}
