package io.apogee.broker.schedule;

import io.apogee.broker.message.AnsweredAppend;
import io.apogee.broker.message.MessageCopy;
import io.apogee.broker.processor.Replies;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.transport.Peer;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.header.Utf8Bytes;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.apogee.wire.header.SendMessageResponseHeader;
import io.netty.buffer.ByteBuf;

/**
 * The send path's detour for delayed messages: a single message whose DELAY property is a level above 0 is stored on
 * the {@link ScheduleTopic} instead of its topic, with the properties a send adds (UNIQ_KEY when missing, CLUSTER,
 * MSG_REGION, TRACE_ON), and the producer is answered as for any send (the schedule record's offset message id, the
 * queue it asked for, the schedule queue's offset).
 *
 * <p>{@link #isDelayed} and {@link #send} run on the send thread ({@link #isDelayed} allocates nothing); completions
 * run on a store agent.
 */
public final class DelayedSends {
    private static final String REGION = "DefaultRegion";

    private final MessageStore store;
    private final ScheduleTopic schedule;
    private final HostAddress storeHost;
    private final String clusterName;
    private final UniqueKeyGenerator uniqueKeys;
    private final PropertiesReader reader = new PropertiesReader();

    /** Delayed sends into {@code store}'s schedule topic. */
    public DelayedSends(MessageStore store, ScheduleTopic schedule, HostAddress storeHost, String clusterName,
        UniqueKeyGenerator uniqueKeys) {
        this.store = store;
        this.schedule = schedule;
        this.storeHost = storeHost;
        this.clusterName = clusterName;
        this.uniqueKeys = uniqueKeys;
    }

    /** Whether a message with {@code properties} asks for a delay level (DELAY above 0). */
    public boolean isDelayed(Utf8Bytes properties) {
        if (properties.isNull() || properties.length() == 0) {
            return false;
        }
        reader.wrap(properties.buffer(), 0, properties.length());
        if (!reader.find(PropertyNames.DELAY)) {
            return false;
        }
        try {
            return reader.valueAsLong() > 0;
        } catch (RuntimeException notANumber) {
            return false; // stored as given, as RocketMQ does with a DELAY it cannot parse
        }
    }

    /**
     * Stores the single message of {@code header} and {@code body} (released here) on the schedule topic, to be
     * delivered to {@code topic}/{@code queueId}, and answers the producer.
     */
    public void send(Peer peer, RemotingHeader request, ByteBuf body, SendMessageRequestHeader header, String topic,
        int queueId, HostAddress bornHost) {
        byte[] bytes = new byte[body.readableBytes()];
        body.readBytes(bytes);
        body.release();
        MessageCopy message = MessageCopy.of(topic, queueId, header.flag(), header.sysFlag(), header.bornTimestamp(),
            bornHost, header.reconsumeTimes(), bytes);
        Utf8Bytes properties = header.properties();
        message.readProperties(reader.wrap(properties.buffer(), 0, properties.length()));
        int level = Integer.parseInt(message.get(PropertyNames.DELAY).trim());
        message.putIfAbsent(PropertyNames.UNIQ_KEY, uniqueKeys.next()).put(PropertyNames.CLUSTER, clusterName)
            .put(PropertyNames.MSG_REGION, REGION).put(PropertyNames.TRACE_ON, "true");
        String uniqueKey = message.get(PropertyNames.UNIQ_KEY);
        AnsweredAppend.submit(store, () -> schedule.park(message, level), peer, request, "the delayed message", done -> {
            int code = done.status() == AppendStatus.APPENDED ? ResponseCode.SUCCESS : ResponseCode.FLUSH_DISK_TIMEOUT;
            RemotingHeader response = Replies.header(request, code, null);
            new SendMessageResponseHeader().msgId(OffsetMessageId.of(storeHost, done.physicalOffset())).queueId(queueId)
                .queueOffset(done.queueOffset()).transactionId(uniqueKey).region(REGION).traceOn(true)
                .encode(response.ext(), response.serializeType());
            Replies.send(peer, request, response, null);
        });
    }
}
