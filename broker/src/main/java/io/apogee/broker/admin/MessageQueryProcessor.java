package io.apogee.broker.admin;

import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.common.text.InternTable;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.header.QueryMessageRequestHeader;
import io.apogee.wire.header.QueryMessageResponseHeader;
import io.apogee.wire.header.ViewMessageRequestHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * QUERY_MESSAGE (12) and VIEW_MESSAGE_BY_ID (33), mqadmin's {@code queryMsgByKey}, {@code queryMsgByUniqueKey} and
 * {@code queryMsgById}: the store's {@link MessageLookup} finds the records (by {@code topic#key} in the message
 * index within the time range, the newest {@code maxNum}, or at the commit-log offset an offset message id decodes to),
 * and the answer carries them in stored form, concatenated in commit-log order, as RocketMQ's does. A query finding
 * nothing is QUERY_NOT_FOUND (22), an offset holding no message SYSTEM_ERROR (1), each with a remark.
 *
 * <p>Runs on its family's single thread, which owns the lookup, the result and the decoded headers. The records are
 * copied into the answer (admin traffic: at most {@value #MAX_MESSAGES} records) so the segments are released at once.
 * The copy is bounded: an answer holds the newest records that fit in {@value #MAX_ANSWER_BYTES} bytes (always at
 * least one), where RocketMQ sends all 64 without copying. Its heap would otherwise take 64 times the largest message
 * per query.
 */
public final class MessageQueryProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.QUERY_MESSAGE, RequestCode.VIEW_MESSAGE_BY_ID};
    /** RocketMQ's cap on a key query (maxMsgsNumBatch); mqadmin asks for 64. */
    static final int MAX_MESSAGES = 64;
    /** RocketMQ's defaultQueryMaxNum, used for unique-key queries whatever the client asks. */
    static final int UNIQUE_KEY_MAX_MESSAGES = 32;
    /** The most bytes of records one answer copies, unless its one record is larger. */
    static final int MAX_ANSWER_BYTES = 4 << 20;

    private final MessageStore store;
    private final Clock clock;
    private final MessageLookup lookup;
    private final ReadResult result = new ReadResult(MAX_MESSAGES);
    private final QueryMessageRequestHeader query = new QueryMessageRequestHeader();
    private final ViewMessageRequestHeader view = new ViewMessageRequestHeader();
    private final InternTable names = new InternTable(256, 255);

    /** Queries {@code store}; {@code clock} stamps the index time of an answer. */
    public MessageQueryProcessor(MessageStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
        this.lookup = store.newLookup();
    }

    @Override
    public void process(Exchange exchange) {
        try {
            switch (exchange.request().code()) {
                case RequestCode.QUERY_MESSAGE -> query(exchange);
                case RequestCode.VIEW_MESSAGE_BY_ID -> view(exchange);
                default -> throw new IllegalArgumentException("not a query code: " + exchange.request().code());
            }
        } catch (MalformedHeaderException | IllegalArgumentException e) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "bad " + exchange.request().code() + " header: " + e.getMessage());
        }
    }

    private void query(Exchange exchange) throws MalformedHeaderException {
        query.clear();
        query.decode(exchange.request().ext(), names);
        boolean unique = Boolean.TRUE.equals(query.uniqueKeyQuery());
        int max = unique ? UNIQUE_KEY_MAX_MESSAGES : Math.clamp(query.maxNum(), 1, MAX_MESSAGES);
        try {
            ReadStatus status = lookup.query(query.topic(), query.key(), query.beginTimestamp(), query.endTimestamp(), max,
                result);
            if (status != ReadStatus.FOUND) {
                exchange.reply(ResponseCode.QUERY_NOT_FOUND, "can not find message, maybe time range not correct");
                return;
            }
            RemotingHeader response = exchange.responseHeader(ResponseCode.SUCCESS, null);
            new QueryMessageResponseHeader().indexLastUpdateTimestamp(clock.millis())
                .indexLastUpdatePhyoffset(store.statistics().indexedEnd()).encode(response.ext(), response.serializeType());
            exchange.replyWith(copyRecords(true));
        } finally {
            result.release();
        }
    }

    private void view(Exchange exchange) throws MalformedHeaderException {
        view.clear();
        view.decode(exchange.request().ext(), names);
        try {
            if (lookup.readAt(view.offset(), result) != ReadStatus.FOUND) {
                exchange.reply(ResponseCode.SYSTEM_ERROR, "can not find message by the offset, " + view.offset());
                return;
            }
            exchange.responseHeader(ResponseCode.SUCCESS, null);
            exchange.replyWith(copyRecords(false));
        } finally {
            result.release();
        }
    }

    /**
     * The records found that fit in {@link #MAX_ANSWER_BYTES}, {@code reversed} for a query: the index yields the
     * newest first, so the newest are kept, and RocketMQ answers oldest first.
     */
    private ByteBuf copyRecords(boolean reversed) {
        int count = 0;
        long bytes = 0;
        while (count < result.count() && (count == 0 || bytes + result.size(count) <= MAX_ANSWER_BYTES)) {
            bytes += result.size(count);
            count++;
        }
        ByteBuf records = Unpooled.buffer((int) bytes);
        for (int i = 0; i < count; i++) {
            records.writeBytes(result.slice(reversed ? count - 1 - i : i));
        }
        return records;
    }
}
