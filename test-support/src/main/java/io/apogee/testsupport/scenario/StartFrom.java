package io.apogee.testsupport.scenario;

/** Where a new push consumer group asks to start (RocketMQ's ConsumeFromWhere). */
public enum StartFrom {
    /** The first offset of each queue. */
    FIRST_OFFSET,
    /** The end of each queue. */
    LAST_OFFSET,
    /** The first message stored at or after the consumer's timestamp. */
    TIMESTAMP
}
