package io.apogee.broker.auth.authentication;

import io.apogee.broker.auth.AuthSettings;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserTable;
import io.apogee.broker.metadata.UserType;
import io.apogee.transport.auth.Credentials;

/**
 * Makes the super users the settings name at start-up, as RocketMQ's {@code AuthenticationMetadataManagerImpl}
 * does: {@code initAuthenticationUser} and the access key of {@code innerClientAuthenticationCredentials}, each only
 * when no user of that name exists (a changed password is never overwritten by the file). Stateless.
 */
public final class UserBootstrap {
    private UserBootstrap() {
    }

    /** Adds the missing users of {@code settings} to {@code users} and writes the table when it changed. */
    public static void createConfiguredUsers(AuthSettings settings, UserTable users) {
        boolean added = addIfAbsent(settings.initUser(), users);
        added |= addIfAbsent(settings.innerClient(), users);
        if (added) {
            users.persist();
        }
    }

    private static boolean addIfAbsent(Credentials credentials, UserTable users) {
        if (credentials == null || users.get(credentials.accessKey()) != null) {
            return false;
        }
        users.put(new User(credentials.accessKey(), credentials.secretKey(), UserType.SUPER, UserStatus.ENABLE));
        return true;
    }
}
