package io.apogee.broker.admin;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;

/**
 * GET_TOPIC_CONFIG (351): one topic's config as this broker holds it (RocketMQ's TopicConfigAndQueueMapping without
 * a static-topic mapping), which mqadmin's {@code topicStatus} asks each broker of the route for before the stats.
 * An unknown topic is TOPIC_NOT_EXIST.
 *
 * <p>Runs on the admin executor thread.
 */
public final class TopicConfigProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_TOPIC_CONFIG};

    private final TopicRegistry topics;

    /** Answers from {@code topics}. */
    public TopicConfigProcessor(TopicRegistry topics) {
        this.topics = topics;
    }

    @Override
    public void process(Exchange exchange) {
        String topic = exchange.request().ext().get("topic");
        TopicConfig config = topic == null ? null : topics.get(topic);
        if (config == null) {
            exchange.reply(ResponseCode.TOPIC_NOT_EXIST, "No topic in this broker. topic: " + topic);
            return;
        }
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.putObject("attributes");
        root.put("order", config.order());
        root.put("perm", config.permission());
        root.put("readQueueNums", config.readQueues());
        root.put("topicFilterType", config.filterType());
        root.put("topicName", config.name());
        root.put("topicSysFlag", config.sysFlag());
        root.put("writeQueueNums", config.writeQueues());
        exchange.replyJson(root);
    }
}
