package io.apogee.streams.log;

import io.apogee.common.time.Clock;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.streams.chunk.BloomWriter;
import io.apogee.streams.chunk.ChunkLayout;
import io.apogee.streams.chunk.EntryLayout;
import io.apogee.streams.chunk.TrackingLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One stream's log: osiris chunks in fixed-size segment files in the stream's own directory. Each segment starts with
 * the osiris file header ("OSIL", version 1) and holds whole chunks; a chunk that does not fit in what is left of a
 * segment starts the next one, and the rest stays zero. A deliver frame carries a chunk's header and data as stored.
 *
 * <pre>
 *  +-------------------------------+-------------------------------+
 *  | "OSIL" (0x4f53494c)           | Version (0x00000001)          |  0
 *  +-------------------------------+-------------------------------+
 *  | Chunk, see ChunkLayout                                        :  8
 *  +---------------------------------------------------------------+
 *  | Chunk ...; zeros after the last one                           :
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>Retention ({@link StreamOptions}) runs when the writer starts a new segment: it drops whole segments from the head
 * while the stream is over its size or the newest chunk of its oldest segment is older than its max age, never the
 * segment being written. Chunk ids do not change. So that a dropped segment takes no stored offset or publisher
 * sequence with it, each new segment of a stream with retention starts with a tracking chunk holding them all.
 *
 * <p>Thread-safe: appends take this log's monitor (several connections may publish to one stream); reads take no lock,
 * see {@link ChunkIndex}. A reader {@link #retainChunk retains} the segment of a chunk and releases it once the bytes
 * are written out, so deleting the stream never unmaps bytes still being sent.
 */
public final class StreamLog implements AutoCloseable {
    static final int FILE_MAGIC = 0x4f53494c;
    static final int FILE_VERSION = 1;
    static final int FILE_HEADER_LENGTH = 8;

    private final String name;
    private final StreamOptions options;
    private final SegmentSet segments;
    private final ChunkIndex index = new ChunkIndex();
    private final Clock clock;
    private final ChunkLayout writer = new ChunkLayout();
    private final List<Runnable> arrivalListeners = new CopyOnWriteArrayList<>();
    private final StreamTracking tracking = new StreamTracking();
    private long writePosition;
    /** Where the bytes forced to the device end, a position in the log's files. Guarded by this log's monitor. */
    private long forcedPosition;
    private boolean rolled;
    private volatile long nextOffset;
    private volatile boolean deleted;

    private StreamLog(String name, StreamOptions options, SegmentSet segments, Clock clock) {
        this.name = name;
        this.options = options;
        this.segments = segments;
        this.clock = clock;
    }

    /**
     * Opens the stream in {@code directory}, indexing the chunks of its segments. The scan stops at the first chunk that
     * is not whole (bad magic, length past the segment, wrong chunk id or CRC); there the next append starts.
     *
     * @throws IllegalStateException when such a chunk is followed by another segment: the log is corrupt, not torn
     */
    public static StreamLog open(FencedIo io, Path directory, String name, StreamOptions options, Clock clock) {
        StreamLog log = new StreamLog(name, options, new SegmentSet(io, directory, options.segmentSize()), clock);
        List<Path> skipped = log.segments.load();
        if (!skipped.isEmpty()) {
            log.segments.close();
            throw new IllegalStateException("stream " + name + ": segment files out of order: " + skipped);
        }
        try {
            new ChunkScan(log.segments, log.index, log.tracking).run();
        } catch (RuntimeException e) {
            log.segments.close();
            throw e;
        }
        int chunks = log.index.count();
        if (chunks > 0) {
            int last = chunks - 1;
            log.writePosition = log.index.position(last) + log.index.length(last);
            log.nextOffset = log.index.chunkId(last) + ChunkScan.recordsOf(log.segments, log.index.position(last));
        } else {
            MappedSegment first = log.segments.first();
            log.writePosition = first == null ? -1 : first.baseOffset() + FILE_HEADER_LENGTH;
        }
        return log;
    }

    /** What the stream was created with. */
    public StreamOptions options() {
        return options;
    }

    /** The segment files the stream holds. */
    public int segmentCount() {
        return segments.count();
    }

    /** The stream's name. */
    public String name() {
        return name;
    }

    /** The offsets and publisher sequences tracked for this stream. */
    public StreamTracking tracking() {
        return tracking;
    }

    /** The offset the next record gets. */
    public long nextOffset() {
        return nextOffset;
    }

    /** The chunks stored, dropped ones included: the slot after the last. */
    public int chunkCount() {
        return index.count();
    }

    /** Whether the stream was deleted; its readers stop. */
    public boolean isDeleted() {
        return deleted;
    }

    /** The largest chunk this log takes: a segment less its file header. */
    public int maxChunkLength() {
        return segments.segmentSize() - FILE_HEADER_LENGTH;
    }

    /**
     * Appends the data entries {@code entries} (the bytes from its position to its limit, already checked) as one user
     * chunk, and tells the arrival listeners. When {@code writer} is not null, the chunk's trailer records that this
     * named publisher wrote up to {@code sequence}, which the stream then answers and a restart replays. When
     * {@code bloom} is not null and has a filter, the chunk carries it between its header and its data.
     *
     * @return the chunk id (the first record's offset), or -1 when the chunk would be larger than
     *         {@link #maxChunkLength()} or the stream was deleted
     */
    public long append(ByteBuffer entries, int entryCount, int recordCount, String writer, long sequence,
        BloomWriter bloom) {
        byte[] id = writer == null ? null : writer.getBytes(StandardCharsets.UTF_8);
        int trailerLength = id == null ? 0 : TrackingLayout.length(TrackingLayout.TYPE_SEQUENCE, id);
        int bloomSize = bloom == null ? 0 : bloom.length();
        long chunkId;
        synchronized (this) {
            int dataLength = entries.remaining();
            int chunkLength = ChunkLayout.HEADER_LENGTH + bloomSize + dataLength + trailerLength;
            if (deleted || chunkLength > maxChunkLength()) {
                return -1;
            }
            MappedSegment segment = segmentWithRoom(chunkLength);
            int at = (int) (writePosition - segment.baseOffset());
            ByteBuffer target = segment.writeBuffer();
            if (bloomSize > 0) {
                bloom.writeTo(target, at + ChunkLayout.HEADER_LENGTH);
            }
            int dataAt = at + ChunkLayout.HEADER_LENGTH + bloomSize;
            target.put(dataAt, entries, entries.position(), dataLength);
            chunkId = nextOffset;
            if (id != null) {
                TrackingLayout.writeSequence(target, dataAt + dataLength, id, chunkId, sequence);
            }
            finish(ChunkLayout.TYPE_USER, segment, at, entryCount, recordCount, dataLength, trailerLength, bloomSize);
            if (writer != null) {
                tracking.wrote(writer, sequence);
            }
            applyRetentionIfRolled();
        }
        tellListeners();
        return chunkId;
    }

    /** {@link #append(ByteBuffer, int, int, String, long, BloomWriter)} without a bloom filter. */
    public long append(ByteBuffer entries, int entryCount, int recordCount, String writer, long sequence) {
        return append(entries, entryCount, recordCount, writer, sequence, null);
    }

    /** {@link #append(ByteBuffer, int, int, String, long, BloomWriter)} for a publisher without a name or a filter. */
    public long append(ByteBuffer entries, int entryCount, int recordCount) {
        return append(entries, entryCount, recordCount, null, 0, null);
    }

    /**
     * Stores the offset of consumer {@code reference} as a tracking chunk (one entry, no record: it takes no offset),
     * which consumers never receive and a restart replays.
     *
     * @return false when the stream was deleted
     */
    public boolean storeOffset(String reference, long offset) {
        byte[] id = reference.getBytes(StandardCharsets.UTF_8);
        int dataLength = EntryLayout.SIMPLE_HEADER_LENGTH + TrackingLayout.length(TrackingLayout.TYPE_OFFSET, id);
        synchronized (this) {
            if (deleted) {
                return false;
            }
            MappedSegment segment = segmentWithRoom(ChunkLayout.HEADER_LENGTH + dataLength);
            int at = (int) (writePosition - segment.baseOffset());
            ByteBuffer target = segment.writeBuffer();
            int dataAt = at + ChunkLayout.HEADER_LENGTH;
            target.putInt(dataAt, dataLength - EntryLayout.SIMPLE_HEADER_LENGTH);
            TrackingLayout.writeOffset(target, dataAt + EntryLayout.SIMPLE_HEADER_LENGTH, id, offset);
            finish(ChunkLayout.TYPE_TRACKING_DELTA, segment, at, 1, 0, dataLength, 0, 0);
            tracking.storeOffset(reference, offset);
            applyRetentionIfRolled();
        }
        return true;
    }

    /**
     * Writes the header over the bloom filter, data and trailer in place at {@code at} of {@code segment}, and indexes the
     * chunk.
     */
    private void finish(byte type, MappedSegment segment, int at, int entryCount, int recordCount, int dataLength,
        int trailerLength, int bloomSize) {
        ByteBuffer target = segment.writeBuffer();
        long crc = ChunkLayout.crcOf(target, at + ChunkLayout.HEADER_LENGTH + bloomSize, dataLength);
        long timestamp = clock.millis();
        long chunkId = nextOffset;
        int chunkLength = ChunkLayout.HEADER_LENGTH + bloomSize + dataLength + trailerLength;
        writer.wrap(target, at).writeHeader(type, entryCount, recordCount, timestamp, 0, chunkId, crc, dataLength,
            trailerLength, bloomSize);
        index.add(chunkId, writePosition, chunkLength, timestamp, type);
        writePosition += chunkLength;
        nextOffset = chunkId + recordCount;
    }

    private void tellListeners() {
        for (Runnable listener : arrivalListeners) {
            listener.run();
        }
    }

    private MappedSegment segmentWithRoom(int chunkLength) {
        MappedSegment last = segments.last();
        if (last != null && writePosition + chunkLength <= last.endOffset()) {
            return last;
        }
        long base = last == null ? 0 : last.endOffset();
        MappedSegment segment = segments.create(base);
        segment.writeBuffer().putInt(0, FILE_MAGIC).putInt(Integer.BYTES, FILE_VERSION);
        if (last != null) {
            last.force(0, last.capacity());
        }
        segments.add(segment);
        writePosition = base + FILE_HEADER_LENGTH;
        if (options.hasRetention()) {
            rolled = true;
            writeTrackingSnapshot(segment, chunkLength);
        }
        return segment;
    }

    /**
     * Writes every stored offset and publisher sequence as one tracking chunk at the start of the new {@code segment},
     * when there are any and they fit beside the chunk of {@code chunkLength} that follows.
     */
    private void writeTrackingSnapshot(MappedSegment segment, int chunkLength) {
        Map<String, Long> offsets = new LinkedHashMap<>();
        Map<String, Long> sequences = new LinkedHashMap<>();
        tracking.offsetReferences().forEach(reference -> offsets.put(reference, tracking.offset(reference)));
        tracking.sequenceReferences().forEach(reference -> sequences.put(reference, tracking.lastWritten(reference)));
        int body = 0;
        for (String reference : offsets.keySet()) {
            body += TrackingLayout.length(TrackingLayout.TYPE_OFFSET, reference.getBytes(StandardCharsets.UTF_8));
        }
        for (String reference : sequences.keySet()) {
            body += TrackingLayout.length(TrackingLayout.TYPE_SEQUENCE, reference.getBytes(StandardCharsets.UTF_8));
        }
        int dataLength = EntryLayout.SIMPLE_HEADER_LENGTH + body;
        if (body == 0 || writePosition + ChunkLayout.HEADER_LENGTH + dataLength + chunkLength > segment.endOffset()) {
            return;
        }
        int at = (int) (writePosition - segment.baseOffset());
        ByteBuffer target = segment.writeBuffer();
        int entryAt = at + ChunkLayout.HEADER_LENGTH + EntryLayout.SIMPLE_HEADER_LENGTH;
        target.putInt(entryAt - EntryLayout.SIMPLE_HEADER_LENGTH, body);
        for (Map.Entry<String, Long> offset : offsets.entrySet()) {
            entryAt += TrackingLayout.writeOffset(target, entryAt, offset.getKey().getBytes(StandardCharsets.UTF_8),
                offset.getValue());
        }
        for (Map.Entry<String, Long> sequence : sequences.entrySet()) {
            entryAt += TrackingLayout.writeSequence(target, entryAt, sequence.getKey().getBytes(StandardCharsets.UTF_8),
                nextOffset, sequence.getValue());
        }
        finish(ChunkLayout.TYPE_TRACKING_DELTA, segment, at, 1, 0, dataLength, 0, 0);
    }

    /** After the writer started a segment: drops the oldest ones while the stream is over a retention limit. */
    private void applyRetentionIfRolled() {
        if (!rolled) {
            return;
        }
        rolled = false;
        long now = clock.millis();
        while (segments.count() > 1) {
            MappedSegment oldest = segments.first();
            int keptFrom = index.slotOfPosition(oldest.endOffset());
            boolean tooLarge = options.maxLengthBytes() != StreamOptions.UNLIMITED
                && writePosition - oldest.baseOffset() > options.maxLengthBytes();
            boolean tooOld = options.maxAgeMillis() != StreamOptions.UNLIMITED && keptFrom > index.first()
                && now - index.timestamp(keptFrom - 1) > options.maxAgeMillis();
            if (!tooLarge && !tooOld) {
                return;
            }
            index.dropBefore(keptFrom); // readers move past the dropped slots before the segment goes
            segments.removeFirst();
            oldest.unlinkAndClose();
        }
    }

    /** Calls {@code listener} after each append, on the appending thread; it must not block. */
    public void onArrival(Runnable listener) {
        arrivalListeners.add(listener);
    }

    /** Stops calling {@code listener}. */
    public void removeArrivalListener(Runnable listener) {
        arrivalListeners.remove(listener);
    }

    /** The slot where a reader starts for {@code spec} and {@code value} (an offset or a timestamp). */
    public int startSlot(OffsetStart spec, long value) {
        int count = index.count();
        return switch (spec) {
            case FIRST -> index.first();
            case LAST -> lastUserSlot(count);
            case NEXT -> count;
            case OFFSET -> count == 0 || value >= nextOffset ? count : index.slotOfOffset(value, count);
            case TIMESTAMP -> index.slotOfTimestamp(value, count);
        };
    }

    private int lastUserSlot(int count) {
        int first = index.first();
        for (int slot = count - 1; slot >= first; slot--) {
            if (index.type(slot) == ChunkLayout.TYPE_USER) {
                return slot;
            }
        }
        return first;
    }

    /**
     * The chunk id of the last user chunk, or -1 when the stream holds none. On a single broker every chunk written is
     * committed, so this is also the committed chunk id.
     */
    public long lastChunkId() {
        int count = index.count();
        int slot = lastUserSlot(count);
        return slot < count && index.type(slot) == ChunkLayout.TYPE_USER ? index.chunkId(slot) : -1;
    }

    /** The first slot kept: a reader before it moves to it, as retention dropped the chunks before. */
    public int firstSlot() {
        return index.first();
    }

    /** The chunk id of the first kept chunk, or the next offset when the stream holds no chunk. */
    public long firstOffset() {
        int first = index.first();
        return first < index.count() ? index.chunkId(first) : nextOffset;
    }

    /** The chunk id of the chunk in {@code slot} (a written one): the offset of its first record. */
    public long chunkId(int slot) {
        return index.chunkId(slot);
    }

    /** Whether the chunk in {@code slot} (a written one) holds user entries, the only ones delivered. */
    public boolean isUserChunk(int slot) {
        return index.type(slot) == ChunkLayout.TYPE_USER;
    }

    /**
     * The chunk in {@code slot} without its trailer (header, bloom filter and data), with its segment retained: the
     * caller releases {@code segment()} once the bytes are written. Null when the slot is not written yet or the segment
     * is gone (the stream was deleted).
     */
    public ChunkBytes retainChunk(int slot) {
        if (slot >= index.count()) {
            return null;
        }
        long position = index.position(slot);
        MappedSegment segment = segments.retainSegmentFor(position);
        if (segment == null) {
            return null;
        }
        int at = (int) (position - segment.baseOffset());
        ChunkLayout chunk = new ChunkLayout().wrap(segment.readBuffer(), at);
        int length = (int) (chunk.dataStart() + chunk.dataLength());
        return new ChunkBytes(segment, at, segment.readBuffer().slice(at, length), chunk.bloomSize());
    }

    /**
     * Forces what was appended since the last force to the device, and returns where the forced bytes end: every chunk
     * appended before the call is durable once it returns. The force runs outside the monitor, so appends go on
     * meanwhile; a segment the writer left was forced whole as it left it. Called by the flusher.
     *
     * @throws io.apogee.store.file.StoreIoException when the disk fails or the store is fenced
     */
    public long force() {
        MappedSegment segment;
        long from;
        long to;
        synchronized (this) {
            to = writePosition;
            segment = segments.last();
            if (deleted || segment == null || to <= forcedPosition || !segment.retain()) {
                return forcedPosition;
            }
            from = Math.max(forcedPosition, segment.baseOffset());
        }
        try {
            segment.force((int) (from - segment.baseOffset()), (int) (to - segment.baseOffset()));
        } finally {
            segment.release();
        }
        synchronized (this) {
            forcedPosition = Math.max(forcedPosition, to);
            return forcedPosition;
        }
    }

    /** Where the bytes appended end, a position in the log's files. */
    public synchronized long appendedPosition() {
        return writePosition;
    }

    /** Where the bytes forced by {@link #force()} end, a position in the log's files. */
    public synchronized long forcedPosition() {
        return forcedPosition;
    }

    /** Writes the segments to the device. */
    public synchronized void flush() {
        for (MappedSegment segment : segments.snapshot()) {
            segment.force(0, segment.capacity());
        }
    }

    /** Deletes the stream's files; readers keep their retained bytes until they release them. */
    public synchronized void delete() {
        deleted = true;
        segments.unlinkAll();
        tellListeners(); // readers see the deletion and stop
    }

    /** Flushes and unmaps the segments (once their readers are done). */
    @Override
    public synchronized void close() {
        if (!deleted) {
            flush();
        }
        segments.close();
    }

    /**
     * The bytes of one chunk without its trailer, from its header on, and the segment they lie in, which the holder must
     * release.
     *
     * @param position  where the chunk starts in the segment's file
     * @param bloomSize the bytes of its bloom filter, which follow the header
     */
    public record ChunkBytes(MappedSegment segment, int position, ByteBuffer bytes, int bloomSize) {
        /** The chunk's header. */
        public ByteBuffer header() {
            return bytes.slice(0, ChunkLayout.HEADER_LENGTH);
        }

        /** The chunk's data entries, after its bloom filter. */
        public ByteBuffer data() {
            int from = dataStart();
            return bytes.slice(from, bytes.limit() - from);
        }

        /** Where the data entries start in the segment's file. */
        public long dataPosition() {
            return (long) position + dataStart();
        }

        /** The bytes a deliver frame carries: the header and the data entries, not the bloom filter. */
        public int deliveredLength() {
            return bytes.limit() - bloomSize;
        }

        private int dataStart() {
            return ChunkLayout.HEADER_LENGTH + bloomSize;
        }
    }
}
