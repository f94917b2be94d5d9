package io.apogee.broker.console;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.metadata.TopicConfig;

/**
 * The console's reset action: moves a consumer group's committed offsets on a topic's queues to the first message
 * stored at or after a time, as mqadmin's {@code resetOffsetByTime} does. Connected members learn of it on their
 * next pull of each queue ({@link io.apogee.broker.offset.ConsumerOffsets#reset}), and their older commits are
 * ignored until then.
 *
 * <p>Not thread-safe: runs on the console's thread; the tables it writes are thread-safe.
 */
final class OffsetReset {
    private final ConsoleSources sources;

    OffsetReset(ConsoleSources sources) {
        this.sources = sources;
    }

    /** Resets {@code group} on {@code topic} to {@code timestamp} (epoch milliseconds); the queues' old and new offsets. */
    ObjectNode reset(String group, String topic, long timestamp) {
        TopicConfig config = sources.topics().get(topic);
        if (config == null) {
            throw new BadRequest(BadRequest.NOT_FOUND, "no topic " + topic);
        }
        ObjectNode answer = JsonNodeFactory.instance.objectNode().put("group", group).put("topic", topic)
            .put("timestamp", timestamp);
        ArrayNode queues = answer.putArray("queues");
        int count = Math.min(Math.max(config.readQueues(), config.writeQueues()),
            sources.topics().limits().maxQueuesPerTopic());
        for (int queueId = 0; queueId < count; queueId++) {
            long before = sources.commits().committed(group, topic, queueId);
            long after = sources.store().offsetForTimestamp(topic, queueId, timestamp, false);
            sources.commits().reset(group, topic, queueId, after);
            queues.addObject().put("queueId", queueId).put("from", before).put("to", after);
        }
        return answer;
    }
}
