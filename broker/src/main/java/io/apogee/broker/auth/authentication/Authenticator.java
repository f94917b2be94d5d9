package io.apogee.broker.auth.authentication;

import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;

/**
 * Tells whether a request was signed by a known, enabled user with that user's secret key, as RocketMQ's
 * {@code DefaultAuthenticationHandler} does, and answers with RocketMQ's remark when it was not.
 *
 * <p>Thread-safe: each thread checks with its own {@link SignatureCheck}.
 */
public final class Authenticator {
    /** RocketMQ's remark for a request without an access key. */
    static final String NO_USERNAME = "username cannot be null.";
    /** RocketMQ's remark for a missing or wrong signature. */
    static final String SIGNATURE_FAILED = "check signature failed.";

    private final Users users;
    private final ThreadLocal<SignatureCheck> checks = ThreadLocal.withInitial(SignatureCheck::new);

    /** An authenticator of the users {@code users} finds. */
    public Authenticator(Users users) {
        this.users = users;
    }

    /**
     * Null when the request passes; otherwise the remark of its refusal. The remark names the access key but never
     * a secret.
     */
    public String refusal(RemotingHeader header, ByteBuf body) {
        ExtFields ext = header.ext();
        int at = ext.indexOf(SignedContent.ACCESS_KEY);
        String username = at < 0 ? null : ext.valueString(at);
        if (username == null || username.isEmpty()) {
            return NO_USERNAME;
        }
        User user = users.find(username);
        if (user == null) {
            return "User:" + username + " is not found.";
        }
        if (user.status() == UserStatus.DISABLE) {
            return "User:" + username + " is disabled.";
        }
        return checks.get().verify(user, header, body) ? null : SIGNATURE_FAILED;
    }
}
