package io.apogee.broker.admin;

import io.apogee.broker.processor.Processor;
import io.apogee.broker.processor.Replies;
import io.apogee.common.text.InternTable;
import io.apogee.store.MessageStore;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.transport.Peer;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.header.QueryMessageRequestHeader;
import io.apogee.wire.header.QueryMessageResponseHeader;
import io.apogee.wire.header.ViewMessageRequestHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.function.LongSupplier;

/**
 * QUERY_MESSAGE (12) and VIEW_MESSAGE_BY_ID (33), mqadmin's {@code queryMsgByKey}, {@code queryMsgByUniqueKey} and
 * {@code queryMsgById}: the store's {@link MessageLookup} finds the records (by {@code topic#key} in the message
 * index within the time range, the newest {@code maxNum}, or at the commit-log offset an offset message id decodes to),
 * and the answer carries them in stored form, concatenated in commit-log order, as RocketMQ's does. A query finding
 * nothing is QUERY_NOT_FOUND (22), an offset holding no message SYSTEM_ERROR (1), each with a remark.
 *
 * <p>Runs on its family's single thread, which owns the lookup, the result and the decoded headers. The records are
 * copied into the answer (admin traffic: at most {@value #MAX_MESSAGES} records) so the segments are released at once.
 */
public final class MessageQueryProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.QUERY_MESSAGE, RequestCode.VIEW_MESSAGE_BY_ID};
    /** RocketMQ's cap on a key query (maxMsgsNumBatch); mqadmin asks for 64. */
    static final int MAX_MESSAGES = 64;
    /** RocketMQ's defaultQueryMaxNum, used for unique-key queries whatever the client asks. */
    static final int UNIQUE_KEY_MAX_MESSAGES = 32;

    private final MessageStore store;
    private final LongSupplier clockMillis;
    private final MessageLookup lookup;
    private final ReadResult result = new ReadResult(MAX_MESSAGES);
    private final QueryMessageRequestHeader query = new QueryMessageRequestHeader();
    private final ViewMessageRequestHeader view = new ViewMessageRequestHeader();
    private final InternTable names = new InternTable(256, 255);

    /** Queries {@code store}; {@code clockMillis} stamps the index time of an answer. */
    public MessageQueryProcessor(MessageStore store, LongSupplier clockMillis) {
        this.store = store;
        this.clockMillis = clockMillis;
        this.lookup = store.newLookup();
    }

    @Override
    public void process(Peer peer, RemotingHeader request, ByteBuf body) {
        body.release();
        try {
            switch (request.code()) {
                case RequestCode.QUERY_MESSAGE -> query(peer, request);
                case RequestCode.VIEW_MESSAGE_BY_ID -> view(peer, request);
                default -> throw new IllegalArgumentException("not a query code: " + request.code());
            }
        } catch (MalformedHeaderException | IllegalArgumentException e) {
            Replies.send(peer, request, ResponseCode.INVALID_PARAMETER, "bad " + request.code() + " header: " + e.getMessage());
        }
    }

    private void query(Peer peer, RemotingHeader request) throws MalformedHeaderException {
        query.clear();
        query.decode(request.ext(), names);
        boolean unique = Boolean.TRUE.equals(query.uniqueKeyQuery());
        int max = unique ? UNIQUE_KEY_MAX_MESSAGES : Math.clamp(query.maxNum(), 1, MAX_MESSAGES);
        try {
            ReadStatus status = lookup.query(query.topic(), query.key(), query.beginTimestamp(), query.endTimestamp(), max,
                result);
            if (status != ReadStatus.FOUND) {
                Replies.send(peer, request, ResponseCode.QUERY_NOT_FOUND, "can not find message, maybe time range not correct");
                return;
            }
            RemotingHeader response = Replies.header(request, ResponseCode.SUCCESS, null);
            new QueryMessageResponseHeader().indexLastUpdateTimestamp(clockMillis.getAsLong())
                .indexLastUpdatePhyoffset(store.statistics().indexedEnd()).encode(response.ext(), response.serializeType());
            Replies.send(peer, request, response, copyRecords(true));
        } finally {
            result.release();
        }
    }

    private void view(Peer peer, RemotingHeader request) throws MalformedHeaderException {
        view.clear();
        view.decode(request.ext(), names);
        try {
            if (lookup.readAt(view.offset(), result) != ReadStatus.FOUND) {
                Replies.send(peer, request, ResponseCode.SYSTEM_ERROR, "can not find message by the offset, " + view.offset());
                return;
            }
            Replies.send(peer, request, Replies.header(request, ResponseCode.SUCCESS, null), copyRecords(false));
        } finally {
            result.release();
        }
    }

    /** The records found, {@code reversed} for a query: the index yields the newest first, RocketMQ answers oldest first. */
    private ByteBuf copyRecords(boolean reversed) {
        ByteBuf records = Unpooled.buffer((int) result.totalBytes());
        for (int i = 0; i < result.count(); i++) {
            records.writeBytes(result.slice(reversed ? result.count() - 1 - i : i));
        }
        return records;
    }
}
