package io.apogee.broker.processor;

import io.apogee.broker.retry.DeadLetterSends;
import io.apogee.broker.schedule.DelayedSends;
import io.apogee.broker.timer.TimerSends;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.broker.transaction.TransactionTopics;
import io.apogee.common.text.InternTable;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.metadata.TopicConfig;
import io.apogee.transport.Peer;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.header.SendMessageResponseHeader;
import io.apogee.wire.header.Utf8Bytes;
import io.apogee.wire.message.BodyCrc;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.batch.BatchBodyReader;
import io.apogee.wire.message.batch.BatchEntry;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.apogee.wire.message.record.SizeCheck;
import io.apogee.wire.message.record.StoredRecordWriter;
import io.netty.buffer.ByteBuf;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;

/**
 * SEND_MESSAGE (10), SEND_MESSAGE_V2 (310) and SEND_BATCH_MESSAGE (320): checks the topic (creating it from TBW102
 * when asked), the queue and the sizes, then submits a {@link SendAppend} whose records the appender writes straight
 * into the mapped log with {@link StoredRecordWriter}, adding UNIQ_KEY when the producer left it out, CLUSTER,
 * MSG_REGION and TRACE_ON. The store's completion is answered on the producer connection's event loop with the
 * offset message id(s), queue id and offset. One pass over a single message's properties ({@link SendProperties})
 * tells whether it goes a detour instead: a retry past its group's limit to the dead letters, a delay level to the
 * schedule topic, a delivery time to the timer topic; a transactional half message waits in the half topic.
 *
 * <p>Not thread-safe: one instance per sending thread (the broker keeps one per I/O thread, since submitting to the
 * store never blocks), whose header, sizing writer and readers it reuses; the appender writer is used only by the
 * store's single appender thread, whichever instance it belongs to; answers are written on event loops. Sends are pooled
 * ({@link SendAppend}); still allocated per send: the UNIQ_KEY string (read or generated) and the response fields
 * (msgId string).
 */
public final class SendProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.SEND_MESSAGE, RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE};
    /** RocketMQ's default regionId. */
    static final String REGION = "DefaultRegion";
    /** RocketMQ's default traceOn. */
    static final String TRACE_ON = "true";
    private static final AttributeKey<HostAddress> BORN_HOST = AttributeKey.valueOf("apogee.bornHost");
    private static final String FAQ = "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.";

    private final MessageStore store;
    private final TopicRegistry topics;
    private final HostAddress storeHost;
    private final String clusterName;
    private final int maxMessageSize;
    private final UniqueKeyGenerator uniqueKeys;
    private final InternTable names = new InternTable(4096, 255);
    private final SendMessageRequestHeader header = new SendMessageRequestHeader();
    private final StoredRecordWriter sizingWriter = new StoredRecordWriter();
    private final BatchEntry sizingEntry = new BatchEntry();
    private final BodyCrc bodyCrc = new BodyCrc();
    private final BatchBodyReader batchReader = new BatchBodyReader();
    private final SendProperties sendProperties = new SendProperties();
    private final ArrayBlockingQueue<SendAppend> appends = SendAppend.newPool();
    private DelayedSends delayedSends;
    private TimerSends timerSends;
    private DeadLetterSends deadLetterSends;

    /** A send processor appending to {@code store}, writing {@code storeHost} and CLUSTER={@code clusterName}. */
    public SendProcessor(MessageStore store, TopicRegistry topics, HostAddress storeHost, String clusterName,
        int maxMessageSize, UniqueKeyGenerator uniqueKeys) {
        this.store = store;
        this.topics = topics;
        this.storeHost = storeHost;
        this.clusterName = clusterName;
        this.maxMessageSize = maxMessageSize;
        this.uniqueKeys = uniqueKeys;
    }

    /** Sends single messages with a DELAY level through {@code sends} (set before the processor runs). */
    public SendProcessor delayedSends(DelayedSends sends) {
        this.delayedSends = sends;
        return this;
    }

    /** Sends single messages asking for a delivery time through {@code sends} (set before the processor runs). */
    public SendProcessor timerSends(TimerSends sends) {
        this.timerSends = sends;
        return this;
    }

    /** Sends to retry topics past their group's max reconsume times to dead letters through {@code sends}. */
    public SendProcessor deadLetterSends(DeadLetterSends sends) {
        this.deadLetterSends = sends;
        return this;
    }

    HostAddress storeHost() {
        return storeHost;
    }

    String clusterName() {
        return clusterName;
    }

    @Override
    public void process(Peer peer, RemotingHeader request, ByteBuf body) {
        try {
            header.decode(request.code(), request.ext(), names);
        } catch (MalformedHeaderException | IllegalArgumentException e) {
            refuse(peer, request, body, ResponseCode.SYSTEM_ERROR, "bad send header: " + e.getMessage());
            return;
        }
        String topic = header.topic();
        TopicConfig config = topics.get(topic);
        if (config == null) {
            // an existing topic's name was checked when it was made; only a new one is checked here
            if (!TopicRegistry.isValidName(topic)) {
                refuse(peer, request, body, ResponseCode.INVALID_PARAMETER, "the specified topic is invalid: " + topic);
                return;
            }
            config = topics.forSend(topic, header.defaultTopic(), header.defaultTopicQueueNums());
        }
        if (config == null) {
            refuse(peer, request, body, ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist, apply first please!" + FAQ);
            return;
        }
        int queueId = header.queueId();
        if (queueId < 0) {
            queueId = ThreadLocalRandom.current().nextInt(Math.max(1, config.writeQueues()));
        }
        if (queueId >= Math.max(config.readQueues(), config.writeQueues())) {
            refuse(peer, request, body, ResponseCode.INVALID_PARAMETER, "request queueId[" + queueId + "] is illegal, "
                + config + " Producer: " + peer.address());
            return;
        }
        if (body.readableBytes() > maxMessageSize && request.code() != RequestCode.SEND_BATCH_MESSAGE) {
            refuse(peer, request, body, ResponseCode.MESSAGE_ILLEGAL, bodyTooLarge(body.readableBytes()));
            return;
        }
        boolean batch = request.code() == RequestCode.SEND_BATCH_MESSAGE;
        boolean half = !batch
            && MessageSysFlag.transactionType(header.sysFlag()) == MessageSysFlag.TRANSACTION_PREPARED_TYPE;
        if (!batch) {
            sendProperties.scan(header.properties());
            if (!half && detoured(peer, request, body, topic, queueId)) {
                return;
            }
        }
        // a transactional half message waits in the half topic, with its real topic and queue in properties
        SendAppend append = SendAppend.take(this, appends, peer, request, body, half ? TransactionTopics.HALF : topic,
            half ? 0 : queueId, bornHost(peer), batch);
        append.fields(half ? MessageSysFlag.withTransactionType(header.sysFlag(), MessageSysFlag.TRANSACTION_NOT_TYPE)
            : header.sysFlag(), header.bornTimestamp(), header.flag(), header.reconsumeTimes());
        if (half) {
            append.realTarget(topic, queueId);
        }
        String problem = batch ? prepareBatch(append) : prepareSingle(append);
        if (problem != null) {
            refuse(peer, request, append.body(), ResponseCode.MESSAGE_ILLEGAL, problem);
            append.recycle();
            return;
        }
        AppendStatus status = store.submit(append);
        if (status != AppendStatus.ACCEPTED) {
            refuse(peer, request, append.body(), codeOf(status), remarkOf(status));
            append.recycle();
        }
    }

    /**
     * Whether the single message went a detour: a retry past its group's limit to the dead letters, a delay level to
     * the schedule topic, a delivery time to the timer.
     */
    private boolean detoured(Peer peer, RemotingHeader request, ByteBuf body, String topic, int queueId) {
        if (deadLetterSends != null && deadLetterSends.send(peer, request, body, header, topic, bornHost(peer))) {
            return true;
        }
        if (delayedSends != null && sendProperties.delayLevel() > 0) {
            delayedSends.send(peer, request, body, header, topic, queueId, bornHost(peer), sendProperties.delayLevel());
            return true;
        }
        if (timerSends != null && sendProperties.isTimed(topic)) {
            timerSends.send(peer, request, body, header, topic, queueId, bornHost(peer));
            return true;
        }
        return false;
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

    /** The store's completion: answers the producer. Runs on the producer connection's event loop. */
    void completed(SendAppend append, AppendStatus status, long physicalOffset, long queueOffset) {
        if (status != AppendStatus.APPENDED && status != AppendStatus.FLUSH_DISK_TIMEOUT) {
            Replies.send(append.peer(), append.request(), codeOf(status), remarkOf(status));
            RequestHeaders.release(append.request());
            return;
        }
        StringBuilder ids = new StringBuilder(OffsetMessageId.length(storeHost.isIpv6()) * append.recordCount());
        long offset = physicalOffset;
        for (int i = 0; i < append.recordCount(); i++) {
            if (i > 0) {
                ids.append(',');
            }
            OffsetMessageId.append(storeHost, offset, ids);
            offset += append.recordSize(i);
        }
        int code = status == AppendStatus.APPENDED ? ResponseCode.SUCCESS : ResponseCode.FLUSH_DISK_TIMEOUT;
        RemotingHeader response = Replies.header(append.request(), code, null);
        SendMessageResponseHeader fields = new SendMessageResponseHeader().msgId(ids.toString()).queueId(append.queueId())
            .queueOffset(queueOffset).transactionId(append.transactionId()).region(REGION).traceOn(true);
        fields.encode(response.ext(), response.serializeType());
        Replies.send(append.peer(), append.request(), response, null);
        RequestHeaders.release(append.request());
    }

    private String bodyTooLarge(int size) {
        return "the message body size over max value, MAX: " + maxMessageSize + " (the body is " + size
            + " bytes; the broker's maxMessageSize is " + maxMessageSize + ")";
    }

    /** Answers {@code code} without appending; the body and the request header are done with. */
    private static void refuse(Peer peer, RemotingHeader request, ByteBuf body, int code, String remark) {
        body.release();
        Replies.send(peer, request, code, remark);
        RequestHeaders.release(request);
    }

    private static HostAddress bornHost(Peer peer) {
        HostAddress cached = peer.channel().attr(BORN_HOST).get();
        if (cached == null) {
            cached = HostAddress.of((InetSocketAddress) peer.channel().remoteAddress());
            peer.channel().attr(BORN_HOST).set(cached);
        }
        return cached;
    }

    private static int codeOf(AppendStatus status) {
        return switch (status) {
            case BUSY -> ResponseCode.SYSTEM_BUSY;
            case RECORD_TOO_LARGE, RECORD_INVALID -> ResponseCode.MESSAGE_ILLEGAL;
            case BAD_QUEUE -> ResponseCode.INVALID_PARAMETER;
            case FLUSH_DISK_TIMEOUT -> ResponseCode.FLUSH_DISK_TIMEOUT;
            case DISK_FULL, STORE_FAILED, CLOSED -> ResponseCode.SERVICE_NOT_AVAILABLE;
            case ACCEPTED, APPENDED -> ResponseCode.SUCCESS;
        };
    }

    private static String remarkOf(AppendStatus status) {
        return switch (status) {
            case BUSY -> "[PCBUSY_CLEAN_QUEUE]broker busy, start flow control for a while";
            case RECORD_TOO_LARGE -> "the message is larger than the largest record the store accepts";
            case RECORD_INVALID -> "the message could not be written as a valid record";
            case BAD_QUEUE -> "the topic name or queue id is not valid";
            case DISK_FULL -> "the disk is full: service not available now";
            case STORE_FAILED -> "the store failed on a disk error and is read-only until restart";
            case CLOSED -> "the broker is shutting down";
            default -> null;
        };
    }
}
