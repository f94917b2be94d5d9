package io.apogee.streams.log;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * What a stream tracks for its clients: the offset each consumer reference stored, and the last publishing id each
 * named publisher wrote (for deduplication). The log writes both into its chunks ({@link StreamLog#storeOffset},
 * {@link StreamLog#append(java.nio.ByteBuffer, int, int, String, long)}) and replays them at open; this is the
 * table they build.
 *
 * <p>Thread-safe: connections on any event loop store and query.
 */
public final class StreamTracking {
    private final ConcurrentMap<String, Long> offsets = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Long> sequences = new ConcurrentHashMap<>();

    /** The consumer references that stored an offset. */
    Iterable<String> offsetReferences() {
        return offsets.keySet();
    }

    /** The publisher references that wrote. */
    Iterable<String> sequenceReferences() {
        return sequences.keySet();
    }

    /** Stores the offset of consumer {@code reference}. */
    void storeOffset(String reference, long offset) {
        offsets.put(reference, offset);
    }

    /** The offset {@code reference} stored, or -1 when it stored none. */
    public long offset(String reference) {
        return offsets.getOrDefault(reference, -1L);
    }

    /** The last publishing id publisher {@code reference} wrote, or 0 when it wrote none. */
    public long sequence(String reference) {
        return sequences.getOrDefault(reference, 0L);
    }

    /** The last publishing id publisher {@code reference} wrote, or -1 when it wrote none. */
    public long lastWritten(String reference) {
        return sequences.getOrDefault(reference, -1L);
    }

    /** Records that publisher {@code reference} wrote up to {@code publishingId}, if that is past what it wrote. */
    void wrote(String reference, long publishingId) {
        sequences.merge(reference, publishingId, Math::max);
    }
}
