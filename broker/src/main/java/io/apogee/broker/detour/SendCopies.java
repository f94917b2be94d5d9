package io.apogee.broker.detour;

import io.apogee.broker.request.Exchange;
import io.apogee.store.MessageStore;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.header.SendMessageResponseHeader;
import io.apogee.wire.header.Utf8Bytes;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import java.util.function.Supplier;

/**
 * What every {@link Detour} does with the single send it takes: the request becomes a {@link MessageCopy} with the
 * properties a send adds (UNIQ_KEY when missing, CLUSTER, MSG_REGION, TRACE_ON), and once its record is written the
 * producer is answered as for any send (the record's offset message id, the queue it asked for, the record's queue
 * offset, the unique key as transaction id).
 *
 * <p>Not thread-safe: one per sending thread (its properties reader is reused); completions run on a store agent.
 */
public final class SendCopies {
    private static final String REGION = "DefaultRegion";

    private final MessageStore store;
    private final HostAddress storeHost;
    private final String clusterName;
    private final UniqueKeyGenerator uniqueKeys;
    private final PropertiesReader reader = new PropertiesReader();

    /** Copies of sends stored into {@code store}, written with {@code storeHost} and CLUSTER={@code clusterName}. */
    public SendCopies(MessageStore store, HostAddress storeHost, String clusterName, UniqueKeyGenerator uniqueKeys) {
        this.store = store;
        this.storeHost = storeHost;
        this.clusterName = clusterName;
        this.uniqueKeys = uniqueKeys;
    }

    /**
     * The message of {@code send} (its exchange's body released here, once copied) to {@code topic}/{@code queueId},
     * with the properties a send adds.
     */
    public MessageCopy copyOf(DetourRequest send, String topic, int queueId) {
        Exchange exchange = send.exchange();
        SendMessageRequestHeader header = send.header();
        byte[] bytes = new byte[exchange.body().readableBytes()];
        exchange.body().getBytes(exchange.body().readerIndex(), bytes);
        exchange.releaseBody();
        MessageCopy message = MessageCopy.to(topic, queueId).flag(header.flag()).sysFlag(header.sysFlag())
            .born(header.bornTimestamp(), exchange.bornHost()).reconsumeTimes(header.reconsumeTimes()).body(bytes);
        Utf8Bytes properties = header.properties();
        if (!properties.isNull()) {
            message.readProperties(reader.wrap(properties.buffer(), 0, properties.length()));
        }
        return message.putIfAbsent(PropertyNames.UNIQ_KEY, uniqueKeys.next()).put(PropertyNames.CLUSTER, clusterName)
            .put(PropertyNames.MSG_REGION, REGION).put(PropertyNames.TRACE_ON, "true");
    }

    /**
     * Stores {@code message} (copied from {@code send}) through {@code append} (made from it) and answers the send as
     * one to the queue the message names now; {@code what} names it in the remarks of a refusal.
     */
    public DetourOutcome store(DetourRequest send, MessageCopy message, Supplier<CopyAppend> append, String what) {
        Exchange exchange = send.exchange();
        int queueId = message.queueId();
        String uniqueKey = message.get(PropertyNames.UNIQ_KEY);
        return AnsweredAppend.submit(store, append, exchange, what, done -> {
            int code = switch (done.status()) {
                case FLUSH_DISK_TIMEOUT -> ResponseCode.FLUSH_DISK_TIMEOUT;
                case FLUSH_SLAVE_TIMEOUT -> ResponseCode.FLUSH_SLAVE_TIMEOUT;
                case SLAVE_NOT_AVAILABLE -> ResponseCode.SLAVE_NOT_AVAILABLE;
                default -> ResponseCode.SUCCESS;
            };
            RemotingHeader response = exchange.responseHeader(code, null);
            new SendMessageResponseHeader().msgId(OffsetMessageId.of(storeHost, done.physicalOffset())).queueId(queueId)
                .queueOffset(done.queueOffset()).transactionId(uniqueKey).region(REGION).traceOn(true)
                .encode(response.ext(), response.serializeType());
            exchange.replyWith(null);
        });
    }

    /** The append of {@code message} where it names, with the tag hash in its unit. */
    public CopyAppend appendAsIs(MessageCopy message) {
        return new CopyAppend(message, storeHost);
    }
}
