package io.apogee.broker.auth.authorization;

/**
 * What authorization needs to know of the users authentication keeps: whether a user exists and whether it is a
 * super user. A super user passes every check; a user that does not exist fails every one; ACLs can only be written
 * for a user that exists, as in RocketMQ.
 *
 * <p>Implementations are safe for any thread and answer without waiting on the disk or the network: the check runs
 * on the thread that read the request.
 */
@FunctionalInterface
public interface UserDirectory {
    /** A directory with no users: every check fails and no ACL can be written. */
    UserDirectory NONE = username -> null;

    /** The kind of the user named {@code username}, or null when there is none. */
    UserKind kind(String username);

    /** The kinds of user RocketMQ's ACL 2.0 knows ({@code UserType}). */
    enum UserKind {
        /** Passes every authorization check. */
        SUPER,
        /** Checked against its ACL. */
        NORMAL
    }
}
