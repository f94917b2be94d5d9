package io.apogee.broker.metadata;

import java.util.List;

/**
 * The users of ACL 2.0 authentication, persisted in {@code users.conf}: one line per user with its name, secret
 * key, type and status. The secret keys are kept as given, as RocketMQ keeps them, because checking a signature
 * needs them: the file is as sensitive as the broker's configuration.
 *
 * <p>Thread-safe, see {@link MetadataTable}: the I/O threads look users up while the admin thread changes them.
 */
public final class UserTable extends MetadataTable<User> {
    /** The file name in the metadata directory. */
    public static final String FILE_NAME = "users.conf";
    private static final int VERSION = 1;
    private static final int FIELDS = 4;

    /** The table kept in {@code files}. */
    public UserTable(MetadataFiles files) {
        super(files, FILE_NAME, "users", VERSION);
    }

    /** Adds or replaces a user. */
    public void put(User user) {
        putEntry(user);
    }

    /** The user named {@code username}, or null. */
    public User get(String username) {
        return getEntry(username);
    }

    /** Removes a user; returns what was held, or null. */
    public User remove(String username) {
        return removeEntry(username);
    }

    @Override
    String keyOf(User entry) {
        return entry.username();
    }

    @Override
    List<String> encode(User user) {
        return List.of(user.username(), user.password(), user.type().label(), user.status().label());
    }

    @Override
    User decode(List<String> fields) {
        if (fields.size() != FIELDS) {
            throw new IllegalArgumentException("user line with " + fields.size() + " fields");
        }
        UserType type = UserType.byName(fields.get(2));
        UserStatus status = UserStatus.byName(fields.get(3));
        if (type == null || status == null) {
            throw new IllegalArgumentException("user line with an unknown type or status");
        }
        return new User(fields.get(0), fields.get(1), type, status);
    }
}
