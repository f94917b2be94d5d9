package io.apogee.store.queue;

import io.apogee.wire.message.record.StoredRecord;

/**
 * What a record's consume-queue unit holds in its tags-code slot. Usually the hash of its TAGS property; RocketMQ's
 * schedule topic ({@code SCHEDULE_TOPIC_XXXX}) holds the delivery time there instead, which depends on the broker's
 * delay levels. One rule serves both the appender's hand-over and recovery's rebuild of the units, so a unit
 * rewritten after a crash equals the one first written: the rule must depend on the record's bytes alone.
 *
 * <p>Implementations must be stateless (or immutable) and safe for the appender and recovery threads.
 */
@FunctionalInterface
public interface TagsCodeRule {
    /** The hash of the TAGS property, for every topic. */
    TagsCodeRule TAG_HASH = (record, tagHash) -> tagHash;

    /**
     * The tags code of {@code record}'s unit.
     *
     * @param record  the stored record (wrapped; read its topic, store time and properties as needed)
     * @param tagHash the hash of its TAGS property (0 without one)
     */
    long tagsCode(StoredRecord record, long tagHash);
}
