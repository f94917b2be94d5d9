package io.apogee.broker.topic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.metadata.DataVersionJson;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.common.text.InternTable;
import io.apogee.common.time.Clock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.CreateTopicRequestHeader;
import io.apogee.wire.header.GetAllTopicConfigResponseHeader;
import io.apogee.wire.header.MalformedHeaderException;
import io.netty.buffer.Unpooled;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * UPDATE_AND_CREATE_TOPIC (17) and GET_ALL_TOPIC_CONFIG (21), mqadmin's {@code updateTopic} and the topic table
 * export. A topic is created or replaced with the queue counts, permission, filter type, system flag and order asked
 * for, and persisted at once; an illegal name, a system topic or a queue count past
 * {@link TopicLimits#maxQueuesPerTopic()} is INVALID_PARAMETER, and a new topic past {@link TopicLimits#maxTopics()}
 * is SYSTEM_ERROR, each remark naming the limit's setting. The table is answered whole in one page (RocketMQ's
 * TopicConfigSerializeWrapper, with {@code totalTopicNum}). JSON through Jackson; admin traffic, not a hot path.
 *
 * <p>Runs on the admin executor thread.
 */
public final class TopicAdminProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.UPDATE_AND_CREATE_TOPIC, RequestCode.GET_ALL_TOPIC_CONFIG};
    /** Topics the broker owns, which an administrator may not redefine (RocketMQ's TopicValidator). */
    private static final Set<String> SYSTEM_TOPICS = Set.of(TopicRegistry.AUTO_CREATE_TEMPLATE, "SCHEDULE_TOPIC_XXXX",
        "BenchmarkTest", "RMQ_SYS_TRANS_HALF_TOPIC", "RMQ_SYS_TRACE_TOPIC", "RMQ_SYS_TRANS_OP_HALF_TOPIC",
        "TRANS_CHECK_MAX_TIME_TOPIC", "SELF_TEST_TOPIC", "OFFSET_MOVED_EVENT");
    private static final String SYSTEM_PREFIX = "rmq_sys_";

    private final TopicTable table;
    private final Clock clock;
    private final TopicLimits limits;
    private final QueueFilePreparer queueFiles;
    private final InternTable names = new InternTable(256, 255);
    private final CreateTopicRequestHeader create = new CreateTopicRequestHeader();
    private final ObjectMapper mapper = new ObjectMapper();

    /** A processor over the persisted {@code table}; {@code clock} gives the data version's time in milliseconds. */
    public TopicAdminProcessor(TopicTable table, Clock clock) {
        this(table, clock, TopicLimits.DEFAULTS);
    }

    /** A processor as {@link #TopicAdminProcessor(TopicTable, Clock)} that keeps to {@code limits}. */
    public TopicAdminProcessor(TopicTable table, Clock clock, TopicLimits limits) {
        this(table, clock, limits, (topic, queues) -> { });
    }

    /**
     * A processor as {@link #TopicAdminProcessor(TopicTable, Clock, TopicLimits)} that has the files of a created or
     * grown topic's queues made ahead of its first sends by {@code queueFiles}.
     */
    public TopicAdminProcessor(TopicTable table, Clock clock, TopicLimits limits, QueueFilePreparer queueFiles) {
        this.table = table;
        this.clock = clock;
        this.limits = limits;
        this.queueFiles = queueFiles;
    }

    /** Has the consume-queue files of a topic's queues made before its first sends need them. */
    @FunctionalInterface
    public interface QueueFilePreparer {
        /** Queues 0 to {@code queues - 1} of {@code topic}; those that have files are left alone. Must not block. */
        void prepare(String topic, int queues);
    }

    @Override
    public void process(Exchange exchange) {
        switch (exchange.request().code()) {
            case RequestCode.UPDATE_AND_CREATE_TOPIC -> update(exchange);
            case RequestCode.GET_ALL_TOPIC_CONFIG -> all(exchange);
            default -> throw new IllegalArgumentException("not a topic admin code: " + exchange.request().code());
        }
    }

    private void update(Exchange exchange) {
        try {
            create.clear();
            create.decode(exchange.request().ext(), names);
        } catch (MalformedHeaderException | IllegalArgumentException e) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "bad UPDATE_AND_CREATE_TOPIC header: " + e.getMessage());
            return;
        }
        String topic = create.topic();
        String problem = Names.topicProblem(topic);
        if (problem != null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, problem);
            return;
        }
        if (SYSTEM_TOPICS.contains(topic) || topic.startsWith(SYSTEM_PREFIX)) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "The topic[" + topic + "] is conflict with system topic.");
            return;
        }
        if (!limits.allowsQueues(create.readQueueNums())) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, limits.queuesRemark("readQueueNums", create.readQueueNums()));
            return;
        }
        if (!limits.allowsQueues(create.writeQueueNums())) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, limits.queuesRemark("writeQueueNums", create.writeQueueNums()));
            return;
        }
        // the admin executor is the only thread that adds here without the registry's lock; a send may still add one
        if (table.get(topic) == null && table.size() >= limits.maxTopics()) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, limits.topicsFullRemark(topic));
            return;
        }
        Integer sysFlag = create.topicSysFlag();
        table.put(new TopicConfig(topic, create.readQueueNums(), create.writeQueueNums(), create.perm(),
            create.topicFilterType(), sysFlag == null ? 0 : sysFlag, create.order()));
        table.persist();
        queueFiles.prepare(topic, Math.max(create.readQueueNums(), create.writeQueueNums()));
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    private void all(Exchange exchange) {
        List<TopicConfig> topics = table.all().stream().sorted(Comparator.comparing(TopicConfig::name)).toList();
        ObjectNode root = mapper.createObjectNode();
        DataVersionJson.put(root, topics.size(), clock.millis());
        ObjectNode configs = root.putObject("topicConfigTable");
        for (TopicConfig topic : topics) {
            TopicConfigJson.put(configs, topic);
        }
        root.putObject("topicQueueMappingDetailMap");
        root.putObject("topicQueueMappingInfoMap");
        RemotingHeader response = exchange.responseHeader(ResponseCode.SUCCESS, null);
        new GetAllTopicConfigResponseHeader().totalTopicNum(topics.size()).encode(response.ext());
        try {
            exchange.replyWith(Unpooled.wrappedBuffer(mapper.writeValueAsBytes(root)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }
}
