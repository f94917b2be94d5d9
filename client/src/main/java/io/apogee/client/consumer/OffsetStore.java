package io.apogee.client.consumer;

import io.apogee.client.BrokerErrorException;
import io.apogee.client.ClientException;
import io.apogee.client.core.ClientCore;
import io.apogee.client.core.MessageQueue;
import io.apogee.common.text.InternTable;
import io.apogee.transport.RemotingResponse;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.BoundaryType;
import io.apogee.wire.header.GetMaxOffsetRequestHeader;
import io.apogee.wire.header.GetMaxOffsetResponseHeader;
import io.apogee.wire.header.QueryConsumerOffsetRequestHeader;
import io.apogee.wire.header.QueryConsumerOffsetResponseHeader;
import io.apogee.wire.header.SearchOffsetRequestHeader;
import io.apogee.wire.header.SearchOffsetResponseHeader;
import io.apogee.wire.header.UpdateConsumerOffsetRequestHeader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A group's offsets on the broker (docs/protocol.md §6.3): the start offset of a newly assigned queue
 * (QUERY_CONSUMER_OFFSET, and when the group has none, CONSUME_FROM first, last or timestamp through GET_MAX_OFFSET or
 * SEARCH_OFFSET_BY_TIMESTAMP), and commits with UPDATE_CONSUMER_OFFSET, oneway or waiting. Thread-safe; the
 * waiting calls run on the scheduler thread or at shutdown.
 *
 * <p>One difference from the official client: for LAST and TIMESTAMP the offset query says
 * {@code setZeroIfNotFound=false}, so that a real broker does not answer "offset 0" for a young queue whose first
 * message is still in memory; the official client then starts such a group at the beginning.
 */
final class OffsetStore {
    private static final Logger LOG = LoggerFactory.getLogger(OffsetStore.class);
    private static final String RETRY_PREFIX = "%RETRY%";

    private final ClientCore core;
    private final String group;
    private final ConsumeFrom consumeFrom;

    OffsetStore(ClientCore core, String group, ConsumeFrom consumeFrom) {
        this.core = core;
        this.group = group;
        this.consumeFrom = consumeFrom;
    }

    /**
     * Where consumption of {@code queue} starts: the committed offset, else the CONSUME_FROM point.
     *
     * @throws ClientException if the broker cannot tell (the queue is then skipped until the next rebalance)
     */
    long startOffset(MessageQueue queue) {
        String address = master(queue);
        RemotingHeader header = ClientCore.request(RequestCode.QUERY_CONSUMER_OFFSET);
        QueryConsumerOffsetRequestHeader query = new QueryConsumerOffsetRequestHeader().consumerGroup(group)
            .topic(queue.topic()).queueId(queue.queueId()).brokerName(queue.brokerName());
        if (consumeFrom.kind() != ConsumeFrom.Kind.FIRST) {
            // without this the broker answers offset 0 for a group it has no offset of while the queue's first
            // message is in memory, and LAST or TIMESTAMP would start at the beginning (the official client's fate)
            query.setZeroIfNotFound(false);
        }
        query.encode(header.ext());
        try (RemotingResponse response = core.call(address, header, null, core.config().requestTimeoutMillis())) {
            if (response.code() == ResponseCode.SUCCESS) {
                QueryConsumerOffsetResponseHeader offset = new QueryConsumerOffsetResponseHeader();
                offset.decode(response.header().ext(), new InternTable(4, 16));
                if (offset.offset() >= 0) {
                    return offset.offset();
                }
            } else if (response.code() != ResponseCode.QUERY_NOT_FOUND) {
                throw new BrokerErrorException(address, response.code(), response.remark());
            }
        }
        if (queue.topic().startsWith(RETRY_PREFIX)) {
            return 0;
        }
        return switch (consumeFrom.kind()) {
            case FIRST -> 0;
            case LAST -> maxOffset(address, queue);
            case TIMESTAMP -> searchOffset(address, queue, consumeFrom.timestampMillis());
        };
    }

    private long maxOffset(String address, MessageQueue queue) {
        RemotingHeader header = ClientCore.request(RequestCode.GET_MAX_OFFSET);
        new GetMaxOffsetRequestHeader().topic(queue.topic()).queueId(queue.queueId()).committed(true)
            .brokerName(queue.brokerName()).encode(header.ext());
        try (RemotingResponse response = core.callExpectingSuccess(address, header, null)) {
            GetMaxOffsetResponseHeader offset = new GetMaxOffsetResponseHeader();
            offset.decode(response.header().ext(), new InternTable(4, 16));
            return offset.offset();
        }
    }

    private long searchOffset(String address, MessageQueue queue, long timestamp) {
        RemotingHeader header = ClientCore.request(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP);
        new SearchOffsetRequestHeader().topic(queue.topic()).queueId(queue.queueId()).timestamp(timestamp)
            .boundaryType(BoundaryType.LOWER).brokerName(queue.brokerName()).encode(header.ext());
        try (RemotingResponse response = core.callExpectingSuccess(address, header, null)) {
            SearchOffsetResponseHeader offset = new SearchOffsetResponseHeader();
            offset.decode(response.header().ext(), new InternTable(4, 16));
            return offset.offset();
        }
    }

    /** Commits {@code offset} (the next offset to consume) of {@code queue}, oneway or waiting for the answer. */
    void commit(MessageQueue queue, long offset, boolean oneway) {
        String address = core.masterAddress(queue.brokerName());
        if (address == null || offset < 0) {
            return;
        }
        RemotingHeader header = ClientCore.request(RequestCode.UPDATE_CONSUMER_OFFSET);
        new UpdateConsumerOffsetRequestHeader().consumerGroup(group).topic(queue.topic()).queueId(queue.queueId())
            .commitOffset(offset).brokerName(queue.brokerName()).encode(header.ext());
        try {
            if (oneway) {
                core.transport().invokeOneway(address, header, null, core.config().requestTimeoutMillis());
            } else {
                core.call(address, header, null, core.config().requestTimeoutMillis()).close();
            }
        } catch (ClientException | IllegalStateException e) {
            LOG.warn("offset commit of {} at {} failed: {}", queue, offset, e.getMessage());
        }
    }

    private String master(MessageQueue queue) {
        String address = core.masterAddress(queue.brokerName());
        if (address == null) {
            throw new io.apogee.client.NoRouteException(queue.topic(), "no master for broker " + queue.brokerName());
        }
        return address;
    }
}
