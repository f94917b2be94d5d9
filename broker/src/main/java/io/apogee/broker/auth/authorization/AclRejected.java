package io.apogee.broker.auth.authorization;

/**
 * An ACL change refused for a reason the caller is told: a bad body, a subject that does not exist, an ACL that does
 * not exist. The admin codes answer it NO_PERMISSION with the message as the remark, as RocketMQ answers its
 * AuthorizationException. Stackless: it is an expected outcome, not a bug.
 */
public final class AclRejected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A refusal saying {@code message}. */
    public AclRejected(String message) {
        super(message, null, false, false);
    }
}
