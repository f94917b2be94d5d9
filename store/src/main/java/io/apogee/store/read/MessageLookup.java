package io.apogee.store.read;

import io.apogee.store.commitlog.CommitLog;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.index.MessageIndex;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.Utf8Chars;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Reads single records by where they are rather than by queue: VIEW_MESSAGE_BY_ID (an offset message id decodes
 * to the commit-log offset), and QUERY_MESSAGE (the {@link MessageIndex} gives candidate offsets for
 * {@code topic#key}; each candidate's record is checked to be of the topic and to carry the key in KEYS or
 * UNIQ_KEY, so hash collisions and dangling entries never reach the caller). Records come back as zero-copy views
 * in a {@link ReadResult}, retained until released. An offset from a client is untrusted: the record there is
 * validated (without its CRC) before it is returned.
 *
 * <p>Not thread-safe: one per reading thread (it owns a flyweight, a validator and a candidate array).
 */
public final class MessageLookup {
    private final CommitLog log;
    private final MessageIndex index;
    private final StoredRecord record = new StoredRecord();
    private final RecordValidator validator;
    private final OffsetMessageId id = new OffsetMessageId();
    private long[] candidates = new long[0];

    /** Reads from {@code log}, querying {@code index}. */
    public MessageLookup(CommitLog log, MessageIndex index) {
        this.log = Objects.requireNonNull(log, "log");
        this.index = Objects.requireNonNull(index, "index");
        this.validator = new RecordValidator(log.config().maxRecordSize());
    }

    /**
     * The record at commit-log offset {@code physicalOffset} into {@code result} (released before): FOUND,
     * MESSAGE_REMOVED (deleted by retention), OFFSET_OVERFLOW_BADLY (not written yet) or NO_MATCHED_MESSAGE (no
     * record starts there).
     */
    public ReadStatus readAt(long physicalOffset, ReadResult result) {
        result.begin();
        ReadStatus status = collect(physicalOffset, null, null, result);
        result.finish(status, 0, log.minOffset(), log.publishedPosition());
        return status;
    }

    /** VIEW_MESSAGE_BY_ID: decodes the offset message id and reads the record there; NO_MATCHED_MESSAGE for a bad id. */
    public ReadStatus viewById(CharSequence offsetMessageId, ReadResult result) {
        if (!id.parse(offsetMessageId)) {
            result.begin();
            result.finish(ReadStatus.NO_MATCHED_MESSAGE, 0, log.minOffset(), log.publishedPosition());
            return ReadStatus.NO_MATCHED_MESSAGE;
        }
        return readAt(id.physicalOffset(), result);
    }

    /**
     * QUERY_MESSAGE: up to {@code maxMessages} records (at most the result's capacity) of {@code topic} whose KEYS
     * or UNIQ_KEY hold {@code key}, stored in {@code [beginMillis, endMillis]}, newest first. FOUND or
     * NO_MATCHED_MESSAGE.
     */
    public ReadStatus query(String topic, String key, long beginMillis, long endMillis, int maxMessages, ReadResult result) {
        result.begin();
        int limit = Math.min(maxMessages, result.capacity());
        if (candidates.length < limit * 2) {
            candidates = new long[limit * 2]; // room for collisions; grows once to the largest query seen
        }
        int found = index.lookup(topic, key, beginMillis, endMillis, candidates);
        for (int i = 0; i < found && result.count() < limit; i++) {
            collect(candidates[i], topic, key, result);
        }
        ReadStatus status = result.count() > 0 ? ReadStatus.FOUND : ReadStatus.NO_MATCHED_MESSAGE;
        result.finish(status, 0, log.minOffset(), log.publishedPosition());
        return status;
    }

    private ReadStatus collect(long physical, String topic, String key, ReadResult result) {
        if (physical < log.minOffset()) {
            return ReadStatus.MESSAGE_REMOVED;
        }
        if (physical >= log.publishedPosition()) {
            return ReadStatus.OFFSET_OVERFLOW_BADLY;
        }
        MappedSegment segment = log.retainSegmentFor(physical);
        if (segment == null) {
            return ReadStatus.MESSAGE_REMOVED;
        }
        boolean kept = false;
        try {
            ByteBuffer buffer = segment.readBuffer();
            int at = (int) (physical - segment.baseOffset());
            int limit = (int) Math.min(segment.capacity(), log.publishedPosition() - segment.baseOffset());
            if (validator.check(buffer, at, limit, false) != RecordStatus.VALID) {
                return ReadStatus.NO_MATCHED_MESSAGE;
            }
            record.wrap(buffer, at);
            if (record.physicalOffset() != physical || (key != null && !(record.topicEquals(topic) && carriesKey(key)))) {
                return ReadStatus.NO_MATCHED_MESSAGE;
            }
            if (!result.holds(segment)) {
                result.keep(segment);
                kept = true;
            }
            result.add(segment, at, record.totalSize(), record.queueOffset(), physical);
            return ReadStatus.FOUND;
        } finally {
            if (!kept) {
                segment.release();
            }
        }
    }

    private boolean carriesKey(String key) {
        PropertiesReader properties = record.properties();
        if (properties.find(PropertyNames.UNIQ_KEY) && properties.valueEquals(key)) {
            return true;
        }
        if (!properties.find(PropertyNames.KEYS)) {
            return false;
        }
        ByteBuffer buffer = properties.buffer();
        int start = properties.valueOffset();
        int end = start + properties.valueLength();
        for (int i = start; i <= end; i++) {
            if (i == end || buffer.get(i) == PropertyNames.KEY_SEPARATOR) {
                if (i > start && Utf8Chars.contentEquals(buffer, start, i - start, key)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }
}
