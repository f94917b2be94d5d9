package io.apogee.store.index;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The hash of an index key: {@code topic + '#' + key} as RocketMQ builds it, hashed over its UTF-8 bytes with the
 * {@code String.hashCode} recurrence. The writer hashes the key bytes in place in the record; a query hashes the
 * key it is given; both agree because topic names are ASCII.
 *
 * <p>Stateless; safe for any thread.
 */
final class IndexKey {
    private static final int MULTIPLIER = 31;
    private static final byte TOPIC_SEPARATOR = '#';

    private IndexKey() {
    }

    /** The hash of {@code topic#key} with the key as {@code length} UTF-8 bytes at {@code offset}. */
    static int hash(String topic, ByteBuffer key, int offset, int length) {
        int hash = topicHash(topic);
        for (int i = 0; i < length; i++) {
            hash = extend(hash, key.get(offset + i));
        }
        return hash;
    }

    /** The hash of a key so far ({@link #topicHash} before its first byte) extended by its next byte. */
    static int extend(int hash, byte next) {
        return MULTIPLIER * hash + next;
    }

    /** The hash of {@code topic#key} (allocates the key's bytes: queries only). */
    static int hash(String topic, String key) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        return hash(topic, ByteBuffer.wrap(bytes), 0, bytes.length);
    }

    /** The hash of {@code topic#}: where every key's hash starts. */
    static int topicHash(String topic) {
        int hash = 0;
        for (int i = 0; i < topic.length(); i++) {
            hash = MULTIPLIER * hash + (byte) topic.charAt(i);
        }
        return MULTIPLIER * hash + TOPIC_SEPARATOR;
    }
}
