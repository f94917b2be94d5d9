package io.apogee.store.read;

import io.apogee.wire.message.PropertiesReader;

/**
 * Which consume-queue tag hashes a read keeps: the broker's first filtering step (the subscription's
 * {@code codeSet}); the client filters again by exact tag. A filter that also {@link #readsProperties() reads
 * properties} (SQL92) is asked again, for each record its tag step kept, with the record's properties.
 *
 * <p>Implementations must be safe for the reading thread; {@link #ANY} is immutable.
 */
@FunctionalInterface
public interface TagFilter {
    /** Keeps everything (subscription {@code *}). */
    TagFilter ANY = tagsCode -> true;

    /** Whether the message with consume-queue {@code tagsCode} is kept. */
    boolean matches(long tagsCode);

    /** Whether the read must also ask {@link #matchesProperties} for each record kept by tag. */
    default boolean readsProperties() {
        return false;
    }

    /** Whether the record with these properties (read in place) is kept; only asked when {@link #readsProperties}. */
    default boolean matchesProperties(PropertiesReader properties) {
        return true;
    }
}
