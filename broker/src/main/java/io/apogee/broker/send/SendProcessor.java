package io.apogee.broker.send;

import io.apogee.broker.detour.DetourRequest;
import io.apogee.broker.detour.Detours;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metrics.TrafficCounters;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.Names;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.broker.transaction.TransactionTopics;
import io.apogee.common.text.InternTable;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.header.Utf8Bytes;
import io.apogee.wire.message.BodyCrc;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.batch.BatchBodyReader;
import io.apogee.wire.message.batch.BatchEntry;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.apogee.wire.message.record.SizeCheck;
import io.apogee.wire.message.record.StoredRecordWriter;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.ThreadLocalRandom;

/**
 * SEND_MESSAGE (10), SEND_MESSAGE_V2 (310) and SEND_BATCH_MESSAGE (320): checks the topic (refusing the system
 * topics of {@link Names#isNotAllowedSend} and a topic without WRITE with NO_PERMISSION, a new topic's name by
 * {@link Names}, creating it from TBW102 when asked), the queue and the sizes, then submits a {@link SendAppend} whose records the appender writes straight
 * into the mapped log with {@link StoredRecordWriter}, adding UNIQ_KEY when the producer left it out, CLUSTER,
 * MSG_REGION and TRACE_ON. The store's completion is answered on the producer connection's event loop with the
 * offset message id(s), queue id and offset. One pass over a single message's properties ({@link SendProperties})
 * tells whether it asks for a detour ({@link Detours}): a retry past its group's limit to the dead letters, a delay
 * level to the schedule topic, a delivery time to the timer topic; a transactional half message waits in the half
 * topic.
 *
 * <p>Not thread-safe: one instance per sending thread (the broker keeps one per I/O thread, since submitting to the
 * store never blocks), whose header, sizing writer and readers it reuses. A submitted send owns its exchange: the
 * store's completion hands it to the producer connection's event loop, which answers without calling back into this
 * processor. Sends are pooled ({@link SendAppends}, which also holds the appender thread's writer); still allocated
 * per send: the UNIQ_KEY string (read or generated) and the response fields (msgId string).
 */
public final class SendProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.SEND_MESSAGE, RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE};
    /** RocketMQ's default regionId. */
    static final String REGION = "DefaultRegion";
    /** The key of the limit on consume-queue files mapped at once, named when a queue's file cannot be mapped. */
    public static final String MAX_MAPPED_QUEUE_FILES_SETTING = "maxMappedQueueFiles";
    /** RocketMQ's default traceOn. */
    static final String TRACE_ON = "true";
    private static final String FAQ = "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.";

    private final MessageStore store;
    private final TopicRegistry topics;
    private final int maxMessageSize;
    private final UniqueKeyGenerator uniqueKeys;
    private final InternTable names = new InternTable(4096, 255);
    private final SendMessageRequestHeader header = new SendMessageRequestHeader();
    private final StoredRecordWriter sizingWriter = new StoredRecordWriter();
    private final BatchEntry sizingEntry = new BatchEntry();
    private final BodyCrc bodyCrc = new BodyCrc();
    private final BatchBodyReader batchReader = new BatchBodyReader();
    private final SendProperties sendProperties = new SendProperties();
    private final SendAppends appends;
    private final DetourRequest detourRequest = new DetourRequest();
    private Detours detours = Detours.NONE;
    private TrafficCounters traffic = TrafficCounters.DISABLED;

    /** A send processor appending to {@code store}, writing {@code storeHost} and CLUSTER={@code clusterName}. */
    public SendProcessor(MessageStore store, TopicRegistry topics, HostAddress storeHost, String clusterName,
        int maxMessageSize, UniqueKeyGenerator uniqueKeys) {
        this.store = store;
        this.topics = topics;
        this.appends = new SendAppends(storeHost, clusterName);
        this.maxMessageSize = maxMessageSize;
        this.uniqueKeys = uniqueKeys;
    }

    /** Counts the bytes of accepted sends in {@code counters} (set before the processor runs). */
    public SendProcessor traffic(TrafficCounters counters) {
        this.traffic = counters;
        return this;
    }

    /** Offers each single message to {@code ways} before its own topic (set before the processor runs). */
    public SendProcessor detours(Detours ways) {
        this.detours = ways;
        return this;
    }

    @Override
    public void process(Exchange exchange) {
        RemotingHeader request = exchange.request();
        ByteBuf body = exchange.body();
        try {
            header.decode(request.code(), request.ext(), names);
        } catch (MalformedHeaderException | IllegalArgumentException e) {
            refuse(exchange, ResponseCode.SYSTEM_ERROR, "bad send header: " + e.getMessage());
            return;
        }
        String topic = header.topic();
        if (Names.isNotAllowedSend(topic)) {
            refuse(exchange, ResponseCode.NO_PERMISSION, Names.notAllowedSendRemark(topic));
            return;
        }
        TopicConfig config = topics.get(topic);
        if (config == null) {
            // an existing topic's name was checked when it was made; only a new one is checked here
            String problem = Names.topicProblem(topic);
            if (problem != null) {
                refuse(exchange, ResponseCode.INVALID_PARAMETER, problem);
                return;
            }
            config = topics.forSend(topic, header.defaultTopic(), header.defaultTopicQueueNums());
        }
        if (config == null) {
            refuse(exchange, ResponseCode.TOPIC_NOT_EXIST, topics.isFull() ? topics.limits().topicsFullRemark(topic)
                : "topic[" + topic + "] not exist, apply first please!" + FAQ);
            return;
        }
        if ((config.permission() & Permission.WRITE) == 0) {
            refuse(exchange, ResponseCode.NO_PERMISSION, "the topic[" + topic + "] sending message is forbidden");
            return;
        }
        int queueId = header.queueId();
        if (queueId < 0) {
            queueId = ThreadLocalRandom.current().nextInt(Math.max(1, config.writeQueues()));
        }
        if (queueId >= Math.max(config.readQueues(), config.writeQueues())) {
            refuse(exchange, ResponseCode.INVALID_PARAMETER, "request queueId[" + queueId + "] is illegal, "
                + config + " Producer: " + exchange.peer().address());
            return;
        }
        if (body.readableBytes() > maxMessageSize && request.code() != RequestCode.SEND_BATCH_MESSAGE) {
            refuse(exchange, ResponseCode.MESSAGE_ILLEGAL, bodyTooLarge(body.readableBytes()));
            return;
        }
        boolean batch = request.code() == RequestCode.SEND_BATCH_MESSAGE;
        boolean half = !batch
            && MessageSysFlag.transactionType(header.sysFlag()) == MessageSysFlag.TRANSACTION_PREPARED_TYPE;
        if (!batch) {
            sendProperties.scan(header.properties());
            if (!half && detoured(exchange, topic, queueId)) {
                return;
            }
        }
        // a transactional half message waits in the half topic, with its real topic and queue in properties
        SendAppend append = appends.take(exchange, half ? TransactionTopics.HALF : topic, half ? 0 : queueId, batch);
        append.fields(half ? MessageSysFlag.withTransactionType(header.sysFlag(), MessageSysFlag.TRANSACTION_NOT_TYPE)
            : header.sysFlag(), header.bornTimestamp(), header.flag(), header.reconsumeTimes());
        if (half) {
            append.realTarget(topic, queueId);
        }
        String problem = batch ? prepareBatch(append) : prepareSingle(append);
        if (problem != null) {
            append.recycle();
            refuse(exchange, ResponseCode.MESSAGE_ILLEGAL, problem);
            return;
        }
        // held before the submission: once accepted, the append's completion owns the exchange
        exchange.hold();
        // read before the submission: once accepted, the append may complete and be reused on the appender's thread
        String storedTopic = append.topic();
        int storedBytes = append.totalSize();
        int storedRecords = append.recordCount();
        AppendStatus status = store.submit(append);
        if (status == AppendStatus.ACCEPTED) {
            traffic.received(storedTopic, storedBytes, storedRecords);
        } else {
            String remark = status == AppendStatus.QUEUE_UNAVAILABLE
                ? AppendAnswers.queueUnavailable(append.topic(), append.queueId(), store.config().maxMappedQueueFiles())
                : AppendAnswers.remarkOf(status);
            append.recycle();
            refuse(exchange, AppendAnswers.codeOf(status), remark);
        }
    }

    /**
     * Whether a detour took the single message (and with it the exchange): a retry past its group's limit to the dead
     * letters, a delay level to the schedule topic, a delivery time to the timer. The request object is reused.
     */
    private boolean detoured(Exchange exchange, String topic, int queueId) {
        detourRequest.set(exchange, header, topic, queueId)
            .asks(sendProperties.delayLevel(), sendProperties.isTimed(topic));
        try {
            return detours.route(detourRequest).taken();
        } finally {
            detourRequest.clear();
        }
    }

    private String prepareSingle(SendAppend append) {
        Utf8Bytes properties = header.properties();
        String uniqueKey = sendProperties.uniqueKey();
        append.records(1);
        if (!properties.isNull() && properties.length() > 0) {
            append.properties(properties);
        }
        if (uniqueKey == null) {
            uniqueKey = uniqueKeys.next();
            append.generatedKey(0, uniqueKey);
        }
        append.transactionId(uniqueKey);
        return size(append, 0);
    }

    private String prepareBatch(SendAppend append) {
        int count;
        try {
            count = batchReader.wrap(append.bodyBuffer(), append.bodyStart(), append.bodyLength()).validate();
        } catch (MessageFormatException e) {
            return "bad batch body: " + e.getMessage();
        }
        if (count == 0) {
            return "empty batch";
        }
        append.records(count);
        for (int i = 0; batchReader.next(); i++) {
            BatchEntry entry = batchReader.entry();
            if (entry.bodyLength() > maxMessageSize) {
                return bodyTooLarge(entry.bodyLength());
            }
            append.entryOffset(i, entry.offset());
            if (!entry.properties().find(PropertyNames.UNIQ_KEY)) {
                append.generatedKey(i, uniqueKeys.next());
            }
        }
        for (int i = 0; i < count; i++) {
            String problem = size(append, i);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private String size(SendAppend append, int index) {
        append.configure(sizingWriter, sizingEntry, index);
        SizeCheck check = sizingWriter.check();
        if (check != SizeCheck.FITS) {
            return "the message does not fit a stored record: " + check;
        }
        append.size(index, sizingWriter.recordSize());
        if (append.isBatch()) {
            append.bodyCrc(index, bodyCrc.of(sizingEntry.buffer(), sizingEntry.bodyOffset(), sizingEntry.bodyLength()));
        } else {
            append.bodyCrc(index, bodyCrc.of(append.bodyBuffer(), append.bodyStart(), append.bodyLength()));
        }
        bodyCrc.release();
        return null;
    }

    private String bodyTooLarge(int size) {
        return "the message body size over max value, MAX: " + maxMessageSize + " (the body is " + size
            + " bytes; the broker's maxMessageSize is " + maxMessageSize + ")";
    }

    /** Answers {@code code} without appending; the exchange releases the body and the header copy. */
    private static void refuse(Exchange exchange, int code, String remark) {
        exchange.reply(code, remark);
    }
}
