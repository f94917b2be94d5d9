package io.apogee.broker.console;

import io.apogee.broker.auth.authorization.Actions;
import io.apogee.broker.auth.authorization.ResourceType;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Locale;

/**
 * The login of the console's actions when authenticationEnabled is on: HTTP Basic with an ACL 2.0 user's name and
 * password (its access and secret keys), checked against the broker's users. The user must be enabled, and with
 * authorization on it must be a super user or have an ACL allowing UPDATE on the group. Without authentication no
 * login is asked for, as the broker asks none of its clients.
 *
 * <p>Thread-safe: holds no state of its own.
 */
final class ConsoleLogin {
    /** The longest Authorization header read. */
    static final int MAX_HEADER_LENGTH = 1024;
    private static final String BASIC = "basic ";

    private final ConsoleSources sources;

    ConsoleLogin(ConsoleSources sources) {
        this.sources = sources;
    }

    /**
     * Checks that the request's {@code authorization} header (null when absent) may reset {@code group}, from
     * {@code sourceIp}; throws a 401 or 403 {@link BadRequest} otherwise.
     */
    void checkMayReset(String authorization, String group, String sourceIp) {
        if (!sources.authenticated()) {
            return;
        }
        if (authorization == null || authorization.length() > MAX_HEADER_LENGTH
            || !authorization.toLowerCase(Locale.ROOT).startsWith(BASIC)) {
            throw new BadRequest(BadRequest.UNAUTHORIZED, "log in with an ACL user's name and password (HTTP Basic)");
        }
        String pair;
        try {
            pair = new String(Base64.getDecoder().decode(authorization.substring(BASIC.length()).strip()),
                StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new BadRequest(BadRequest.UNAUTHORIZED, "the Basic credentials are not base64");
        }
        int colon = pair.indexOf(':');
        if (colon < 1) {
            throw new BadRequest(BadRequest.UNAUTHORIZED, "the Basic credentials must be name:password");
        }
        String name = pair.substring(0, colon);
        User user = sources.users().apply(name);
        byte[] given = pair.substring(colon + 1).getBytes(StandardCharsets.UTF_8);
        byte[] expected = user == null ? new byte[0] : user.password().getBytes(StandardCharsets.UTF_8);
        if (user == null || user.status() != UserStatus.ENABLE || !MessageDigest.isEqual(given, expected)) {
            throw new BadRequest(BadRequest.UNAUTHORIZED, "wrong user name or password, or a disabled user");
        }
        if (sources.authorizer().enabled() && !user.isSuper()
            && !sources.authorizer().allows(name, sourceIp, ResourceType.GROUP, group, Actions.UPDATE)) {
            throw new BadRequest(BadRequest.FORBIDDEN, "user " + name + " may not update group " + group);
        }
    }
}
