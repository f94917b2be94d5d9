package io.apogee.broker.migration;

import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicTable;

/**
 * Apache RocketMQ's metadata files in {@code config/} and the Apogee table each maps to. Consumer offsets and delay
 * progress share Apogee's offset table: the progress is the offsets of a reserved group. Immutable.
 */
enum RocketMqTable {
    /** TopicConfigManager's file. */
    TOPICS("topics.json", "topicConfigTable", TopicTable.FILE_NAME),
    /** SubscriptionGroupManager's file. */
    GROUPS("subscriptionGroup.json", "subscriptionGroupTable", SubscriptionGroupTable.FILE_NAME),
    /** ConsumerOffsetManager's file: {@code "topic@group": {queueId: offset}}. */
    CONSUMER_OFFSETS("consumerOffset.json", "offsetTable", ConsumerOffsetTable.FILE_NAME),
    /** The schedule service's file: {@code level: offset}. */
    DELAY_OFFSETS("delayOffset.json", "offsetTable", ConsumerOffsetTable.FILE_NAME);

    private final String fileName;
    private final String field;
    private final String apogeeFileName;

    RocketMqTable(String fileName, String field, String apogeeFileName) {
        this.fileName = fileName;
        this.field = field;
        this.apogeeFileName = apogeeFileName;
    }

    /** The file's name in {@code config/}. */
    String fileName() {
        return fileName;
    }

    /** The top-level object that holds the table. */
    String field() {
        return field;
    }

    /** The name of Apogee's file in {@code config/} that holds the same table. */
    String apogeeFileName() {
        return apogeeFileName;
    }
}
