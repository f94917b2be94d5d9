package io.apogee.broker.topic;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.metadata.TopicConfig;

/** A topic's entry of RocketMQ's {@code topicConfigTable}, as registrations and GET_ALL_TOPIC_CONFIG write it. */
public final class TopicConfigJson {
    private TopicConfigJson() {
    }

    /** Adds {@code topic} to {@code table} under its name, with the fields RocketMQ's TopicConfig serializes. */
    public static void put(ObjectNode table, TopicConfig topic) {
        ObjectNode config = table.putObject(topic.name());
        config.putObject("attributes");
        config.put("order", topic.order());
        config.put("perm", topic.permission());
        config.put("readQueueNums", topic.readQueues());
        config.put("topicFilterType", topic.filterType());
        config.put("topicName", topic.name());
        config.put("topicSysFlag", topic.sysFlag());
        config.put("writeQueueNums", topic.writeQueues());
    }
}
