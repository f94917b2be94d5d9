package io.apogee.transport.auth;

import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
     * An authenticator of a few fixed users, those of a server that keeps no user table (a name server, a
     * controller): each of {@code credentials} that is not null.
     */
    public static Authenticator of(Credentials... credentials) {
        Map<String, SigningUser> known = new HashMap<>();
        for (Credentials user : credentials) {
            if (user != null) {
                known.put(user.accessKey(), user);
            }
        }
        return new Authenticator(Map.copyOf(known)::get);
    }

    /** The access keys of {@link #of} users, for a log line; never a secret. */
    public static Set<String> accessKeys(Credentials... credentials) {
        Set<String> keys = new TreeSet<>();
        for (Credentials user : credentials) {
            if (user != null) {
                keys.add(user.accessKey());
            }
        }
        return keys;
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
        SigningUser user = users.find(username);
        if (user == null) {
            return "User:" + username + " is not found.";
        }
        if (!user.enabled()) {
            return "User:" + username + " is disabled.";
        }
        return checks.get().verify(user, header, body) ? null : SIGNATURE_FAILED;
    }
}
