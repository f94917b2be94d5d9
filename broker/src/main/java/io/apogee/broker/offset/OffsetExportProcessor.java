package io.apogee.broker.offset;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.metadata.ConsumerOffset;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.DataVersionJson;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.common.time.Clock;
import io.apogee.wire.code.RequestCode;

/**
 * GET_ALL_CONSUMER_OFFSET (43) and GET_ALL_DELAY_OFFSET (45): the whole offset table, which a slave copies (RocketMQ's
 * {@code SlaveSynchronize}, Apogee's or RocketMQ's). Consumer offsets answer as RocketMQ's
 * {@code ConsumerOffsetSerializeWrapper} ({@code "topic@group": {queueId: offset}}); delay-level progress, which
 * Apogee keeps as the offsets of a reserved group in the schedule topic, answers as RocketMQ's {@code delayOffset.json}
 * ({@code level: offset}, level = queue id + 1). JSON through Jackson; a slave asks every few seconds, not a hot path.
 *
 * <p>Runs on the admin executor thread.
 */
public final class OffsetExportProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_ALL_CONSUMER_OFFSET, RequestCode.GET_ALL_DELAY_OFFSET};
    /** The key of RocketMQ's table in both answers. */
    public static final String OFFSET_TABLE = "offsetTable";
    /** Between a topic and a group in a consumer-offset key, as RocketMQ writes it. */
    public static final char TOPIC_GROUP_SEPARATOR = '@';

    private final ConsumerOffsetTable offsets;
    private final String delayGroup;
    private final String delayTopic;
    private final Clock clock;
    private final ObjectMapper mapper = new ObjectMapper();

    /**
     * Answers from {@code offsets}, in which the offsets of {@code delayGroup} in {@code delayTopic} are the
     * delay-level progress; {@code clock} stamps the data version.
     */
    public OffsetExportProcessor(ConsumerOffsetTable offsets, String delayGroup, String delayTopic, Clock clock) {
        this.offsets = offsets;
        this.delayGroup = delayGroup;
        this.delayTopic = delayTopic;
        this.clock = clock;
    }

    @Override
    public void process(Exchange exchange) {
        boolean delay = exchange.request().code() == RequestCode.GET_ALL_DELAY_OFFSET;
        ObjectNode answer = mapper.createObjectNode();
        answer.set(OFFSET_TABLE, table(offsets, delay, delayGroup, delayTopic));
        DataVersionJson.put(answer, 0, clock.millis());
        exchange.replyJson(answer);
    }

    /**
     * RocketMQ's {@code offsetTable} of {@code offsets}: the delay-level progress ({@code delayGroup}'s offsets in
     * {@code delayTopic}) when {@code delay}, every other group's offsets otherwise.
     */
    public static ObjectNode table(ConsumerOffsetTable offsets, boolean delay, String delayGroup, String delayTopic) {
        ObjectNode table = JsonNodeFactory.instance.objectNode();
        for (ConsumerOffset offset : offsets.all()) {
            boolean progress = offset.group().equals(delayGroup);
            if (delay && progress && offset.topic().equals(delayTopic)) {
                table.put(Integer.toString(offset.queueId() + 1), offset.offset());
            } else if (!delay && !progress) {
                ObjectNode queues = table.has(key(offset)) ? (ObjectNode) table.get(key(offset)) : table.putObject(key(offset));
                queues.put(Integer.toString(offset.queueId()), offset.offset());
            }
        }
        return table;
    }

    private static String key(ConsumerOffset offset) {
        return offset.topic() + TOPIC_GROUP_SEPARATOR + offset.group();
    }
}
