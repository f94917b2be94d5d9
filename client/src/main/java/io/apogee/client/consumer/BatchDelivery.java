package io.apogee.client.consumer;

import io.apogee.client.core.MessageQueue;
import io.apogee.common.text.InternTable;
import io.apogee.wire.message.compress.BodyCodec;
import io.apogee.wire.message.pull.PullBodyDecoder;
import io.apogee.wire.message.pull.PulledMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.Set;

/**
 * Hands a pulled batch to the listener message by message: wire's decoder walks the records in place, a tag
 * subscription filters them by their TAGS property (compared as bytes), and one {@link ReceivedMessage} view is re-pointed at each.
 * Allocates nothing per message. Not thread-safe: one per consume thread.
 *
 * <p>Public so that tools and benchmarks run exactly the {@link PushConsumer}'s delivery of a pull response's body.
 */
public final class BatchDelivery {
    private static final Logger LOG = LoggerFactory.getLogger(BatchDelivery.class);
    private static final int MAX_NAME_BYTES = 255;

    private final PullBodyDecoder decoder = new PullBodyDecoder(new InternTable(64, MAX_NAME_BYTES));
    private final ReceivedMessage message = new ReceivedMessage(new BodyCodec());
    private final SendBack sendBack;
    private TagFilter filter;
    private int failures;
    private int sentBack;

    /** A delivery that only counts failed messages. */
    public BatchDelivery() {
        this(null);
    }

    /** A delivery that hands failed messages to {@code sendBack} (null: failures are only counted). */
    BatchDelivery(SendBack sendBack) {
        this.sendBack = sendBack;
    }

    /**
     * Delivers the messages of a pull response's {@code body} (its bytes from position to limit) pulled from
     * {@code queue} that match {@code tags} (null: all).
     *
     * @return how many messages went to the listener ({@link #failures()} of them threw)
     * @throws io.apogee.wire.message.MessageFormatException if the body is corrupt
     */
    public int deliver(ByteBuffer body, MessageQueue queue, Set<String> tags, MessageListener listener) {
        decoder.wrap(body, body.position(), body.remaining());
        return deliverWrapped(null, queue, tags, listener);
    }

    /**
     * Delivers the messages of {@code batch} that match {@code tags} (null: all) until the queue is dropped.
     *
     * @return how many messages went to the listener ({@link #failures()} of them threw)
     */
    int deliver(ProcessQueue queue, PulledBatch batch, Set<String> tags, MessageListener listener) {
        decoder.wrapChecked(batch.view(), batch.view().position(), batch.view().remaining());
        return deliverWrapped(queue, queue.queue(), tags, listener);
    }

    /** Delivers what the decoder holds until {@code held} (null: never) is dropped. */
    private int deliverWrapped(ProcessQueue held, MessageQueue from, Set<String> tags, MessageListener listener) {
        failures = 0;
        sentBack = 0;
        int calls = 0;
        if (tags != null && (filter == null || !filter.isFor(tags))) {
            filter = new TagFilter(tags);
        }
        while ((held == null || !held.isDropped()) && decoder.next()) {
            PulledMessage current = decoder.message();
            if (tags != null && !filter.matches(current.properties())) {
                continue;
            }
            calls++;
            try {
                listener.onMessage(message.wrap(current, from));
            } catch (RuntimeException e) {
                failures++;
                LOG.warn("listener failed on {} offset {}", from, current.queueOffset(), e);
                if (sendBack != null && sendBack.send(from, message)) {
                    sentBack++;
                }
            }
        }
        return calls;
    }

    /** How many failed messages of the last {@link #deliver} the broker took back for redelivery. */
    public int sentBack() {
        return sentBack;
    }

    /** How many listener calls of the last {@link #deliver} threw. */
    public int failures() {
        return failures;
    }
}
