package io.apogee.broker.admin;

import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.store.MessageStore;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.util.Set;

/**
 * DELETE_TOPIC_IN_BROKER (215) and DELETE_TOPIC_IN_NAMESRV (216), mqadmin's {@code deleteTopic}: the topic leaves
 * the topic table (written at once) and with it the consumer offsets committed on it, so routes, topic lists and
 * consume stats no longer show it, and its consume queues, whose files and mappings the store's dispatcher frees
 * (RocketMQ's {@code deleteTopicInBroker}). The embedded name server's routes are this broker's topic table, so 216
 * does the same (a no-op after 215). A blank name or a topic the broker owns is INVALID_PARAMETER. The messages stay
 * in the commit log until retention removes them; a topic created again under the same name starts at offset 0.
 *
 * <p>Runs on the admin executor thread.
 */
public final class TopicDeletionProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.DELETE_TOPIC_IN_BROKER, RequestCode.DELETE_TOPIC_IN_NAMESRV};
    private static final Set<String> PROTECTED = Set.of(TopicRegistry.AUTO_CREATE_TEMPLATE, "SCHEDULE_TOPIC_XXXX",
        "RMQ_SYS_TRANS_HALF_TOPIC", "RMQ_SYS_TRANS_OP_HALF_TOPIC", "TRANS_CHECK_MAX_TIME_TOPIC", "SELF_TEST_TOPIC",
        "OFFSET_MOVED_EVENT");

    private final TopicRegistry topics;
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;

    /** Deletes from {@code topics}, {@code offsets} and the consume queues of {@code store}. */
    public TopicDeletionProcessor(TopicRegistry topics, ConsumerOffsetTable offsets, MessageStore store) {
        this.topics = topics;
        this.offsets = offsets;
        this.store = store;
    }

    @Override
    public void process(Exchange exchange) {
        String topic = exchange.request().ext().get("topic");
        if (topic == null || topic.isBlank()) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "The specified topic is blank.");
            return;
        }
        if (PROTECTED.contains(topic)) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "The topic[" + topic + "] is conflict with system topic.");
            return;
        }
        if (topics.delete(topic) != null) {
            offsets.removeTopic(topic);
            offsets.persist();
        }
        // also without a config: queues a pull or a send to a since deleted topic left behind
        store.deleteTopic(topic);
        exchange.reply(ResponseCode.SUCCESS, null);
    }
}
