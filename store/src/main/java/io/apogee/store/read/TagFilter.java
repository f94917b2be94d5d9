package io.apogee.store.read;

/**
 * Which consume-queue tag hashes a read keeps: the broker's first filtering step (the subscription's
 * {@code codeSet}); the client filters again by exact tag.
 *
 * <p>Implementations must be safe for the reading thread; {@link #ANY} is immutable.
 */
@FunctionalInterface
public interface TagFilter {
    /** Keeps everything (subscription {@code *}). */
    TagFilter ANY = tagsCode -> true;

    /** Whether the message with consume-queue {@code tagsCode} is kept. */
    boolean matches(long tagsCode);
}
