package io.apogee.transport.auth;

/**
 * Who may sign a request: an access key, the secret key that signs with it, and whether it may sign now. The
 * broker's ACL users and the fixed credentials of a name server or controller are both this.
 *
 * <p>Implementations are immutable: a change makes a new instance, which is how signature caches notice it.
 */
public interface SigningUser {
    /** The access key, sent as {@code AccessKey}. */
    String accessKey();

    /** The secret key that keys the signature. */
    String secretKey();

    /** False for a user that exists but may not sign (RocketMQ's disabled user). */
    boolean enabled();
}
