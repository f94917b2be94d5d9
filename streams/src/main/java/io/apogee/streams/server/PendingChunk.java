package io.apogee.streams.server;

import io.apogee.streams.chunk.BloomWriter;
import io.apogee.streams.chunk.ChunkBloom;
import io.apogee.streams.chunk.ChunkLayout;
import io.apogee.streams.chunk.TrackingLayout;
import io.apogee.streams.log.StreamLog;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * The messages of the publish frames one connection read in one go for one stream, gathered into one chunk, as osiris's
 * writer gathers what reached it together. A consumer gets one chunk per credit, so fewer, larger chunks mean fewer
 * round trips of credit. It holds the entries to store, their counts, the bloom filter of their values, and each
 * frame's publishing ids, confirmed once the chunk is written.
 *
 * <p>A chunk's trailer records one named publisher, so a chunk gathers the frames of one publisher reference (or of
 * unnamed publishers) only. A frame is added with {@link #beginFrame}, its ids and entries, then {@link #endFrame};
 * {@link #dropFrame} takes back a frame found malformed half way.
 *
 * <p>Not thread-safe: one per connection, on its event loop.
 */
final class PendingChunk {
    /** Room kept in a segment for the chunk's header, the largest bloom filter and the largest trailer. */
    private static final int CHUNK_OVERHEAD = ChunkLayout.HEADER_LENGTH + ChunkBloom.MAX_SIZE
        + TrackingLayout.length(TrackingLayout.TYPE_SEQUENCE, new byte[TrackingLayout.MAX_ID_LENGTH]);
    private static final int INITIAL_BYTES = 64 * 1024;
    private static final int INITIAL_IDS = 64;
    private static final int INITIAL_FRAMES = 16;

    private final int maxDataBytes;
    private final BloomWriter bloom = new BloomWriter();
    private ByteBuffer data = ByteBuffer.allocateDirect(INITIAL_BYTES);
    private long[] ids = new long[INITIAL_IDS];
    private int[] framePublishers = new int[INITIAL_FRAMES];
    /** For each frame, the index in {@link #ids} after its last id. */
    private int[] frameEnds = new int[INITIAL_FRAMES];
    private int frames;
    private int idCount;
    private StreamLog log;
    private String reference;
    private int entries;
    private int records;
    private long highest;
    private int frameDataStart;
    private int frameIdStart;
    private int frameEntries;
    private int frameRecords;
    private long frameHighest;

    /** @param maxDataBytes the most data bytes one gathered chunk holds (frames past it start the next chunk) */
    PendingChunk(int maxDataBytes) {
        this.maxDataBytes = maxDataBytes;
    }

    /** Whether no frame is gathered. */
    boolean isEmpty() {
        return frames == 0;
    }

    /**
     * Whether a frame of {@code frameBytes} for {@code log} by publisher {@code reference} may join the chunk: it is
     * empty, or gathers that stream and reference and has room. A frame's bytes bound the entries it adds.
     */
    boolean accepts(StreamLog target, String publisherReference, int frameBytes) {
        if (isEmpty()) {
            return true;
        }
        int room = Math.min(maxDataBytes, target.maxChunkLength() - CHUNK_OVERHEAD);
        return log == target && Objects.equals(reference, publisherReference)
            && (long) data.position() + frameBytes <= room;
    }

    /**
     * Starts a frame of {@code count} messages of publisher {@code publisherId}, writing to {@code target} as
     * {@code publisherReference} (null for none), with {@code frameBytes} bytes; it was {@link #accepts accepted}.
     */
    void beginFrame(StreamLog target, String publisherReference, int publisherId, int count, int frameBytes) {
        if (isEmpty()) {
            log = target;
            reference = publisherReference;
            highest = publisherReference == null ? -1 : target.tracking().lastWritten(publisherReference);
            bloom.reset(target.options().filterSize());
            data.clear();
        }
        ensureRoom(frameBytes, count);
        framePublishers[frames] = publisherId;
        frameDataStart = data.position();
        frameIdStart = idCount;
        frameEntries = entries;
        frameRecords = records;
        frameHighest = highest;
    }

    /**
     * The last publishing id stored for this chunk's publisher reference, the gathered frames included; -1 for unnamed
     * publishers, whose messages are all stored.
     */
    long lastWritten() {
        return highest;
    }

    /** Adds a publishing id of the current frame, to confirm. */
    void addId(long id) {
        ids[idCount++] = id;
    }

    /** Adds an entry to store: the bytes of {@code entry}, holding {@code recordCount} records, published as {@code id}. */
    void addEntry(ByteBuffer entry, int recordCount, long id) {
        data.put(entry);
        entries++;
        records += recordCount;
        if (reference != null) {
            highest = Math.max(highest, id);
        }
    }

    /** The bloom filter of the gathered entries' filter values. */
    BloomWriter bloom() {
        return bloom;
    }

    /** Ends the current frame. */
    void endFrame() {
        frameEnds[frames++] = idCount;
    }

    /** Takes back what the current frame added: it was malformed. Its filter values may stay, a harmless false match. */
    void dropFrame() {
        data.position(frameDataStart);
        idCount = frameIdStart;
        entries = frameEntries;
        records = frameRecords;
        highest = frameHighest;
    }

    /**
     * Appends the gathered entries to the stream as one chunk (nothing when every message was a duplicate).
     *
     * @return the chunk id, 0 when there was nothing to store, or -1 when the stream refused it (too large or deleted)
     */
    long write() {
        if (entries == 0) {
            return 0;
        }
        return log.append(data.flip(), entries, records, reference, highest, bloom);
    }

    /** The stream the chunk is for; only while not empty. */
    StreamLog log() {
        return log;
    }

    /** The frames gathered. */
    int frames() {
        return frames;
    }

    /** The publisher id of frame {@code frame}. */
    int publisherOf(int frame) {
        return framePublishers[frame];
    }

    /** The index in {@link #ids()} of the first publishing id of frame {@code frame}. */
    int firstIdOf(int frame) {
        return frame == 0 ? 0 : frameEnds[frame - 1];
    }

    /** The index in {@link #ids()} after the last publishing id of frame {@code frame}. */
    int endOf(int frame) {
        return frameEnds[frame];
    }

    /** The publishing ids of every frame, in order. */
    long[] ids() {
        return ids;
    }

    /** Forgets the gathered frames, once written and answered. */
    void clear() {
        frames = 0;
        idCount = 0;
        entries = 0;
        records = 0;
        log = null;
        reference = null;
        data.clear();
    }

    private void ensureRoom(int frameBytes, int count) {
        if (data.remaining() < frameBytes) {
            ByteBuffer larger = ByteBuffer.allocateDirect(Integer.highestOneBit(data.position() + frameBytes) << 1);
            larger.put(data.flip());
            data = larger;
        }
        if (ids.length - idCount < count) {
            long[] more = new long[Integer.highestOneBit(idCount + count) << 1];
            System.arraycopy(ids, 0, more, 0, idCount);
            ids = more;
        }
        if (frames == framePublishers.length) {
            framePublishers = Arrays.copyOf(framePublishers, frames * 2);
            frameEnds = Arrays.copyOf(frameEnds, frames * 2);
        }
    }
}
