package io.apogee.client.consumer;

import io.apogee.common.text.InternTable;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.compress.BodyCodec;
import io.apogee.wire.message.pull.PullBodyDecoder;
import io.apogee.wire.message.pull.PulledMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

/**
 * Hands a pulled batch to the listener message by message: wire's decoder walks the records in place, a tag
 * subscription filters them by their TAGS property, and one {@link ReceivedMessage} view is re-pointed at each.
 * Allocates nothing per message. Not thread-safe: one per consume thread.
 */
final class BatchDelivery {
    private static final Logger LOG = LoggerFactory.getLogger(BatchDelivery.class);
    private static final int MAX_NAME_BYTES = 255;

    private final PullBodyDecoder decoder = new PullBodyDecoder(new InternTable(64, MAX_NAME_BYTES));
    private final ReceivedMessage message = new ReceivedMessage(new BodyCodec());
    private final SendBack sendBack;
    private int failures;
    private int sentBack;

    /** A delivery that hands failed messages to {@code sendBack} (null: failures are only counted). */
    BatchDelivery(SendBack sendBack) {
        this.sendBack = sendBack;
    }

    /**
     * Delivers the messages of {@code batch} that match {@code tags} (null: all) until the queue is dropped.
     *
     * @return how many messages went to the listener ({@link #failures()} of them threw)
     */
    int deliver(ProcessQueue queue, PulledBatch batch, Set<String> tags, MessageListener listener) {
        failures = 0;
        sentBack = 0;
        int calls = 0;
        decoder.wrap(batch.view(), batch.view().position(), batch.view().remaining());
        while (!queue.isDropped() && decoder.next()) {
            PulledMessage current = decoder.message();
            if (tags != null && !matches(current.properties(), tags)) {
                continue;
            }
            calls++;
            try {
                listener.onMessage(message.wrap(current, queue.queue()));
            } catch (RuntimeException e) {
                failures++;
                LOG.warn("listener failed on {} offset {}", queue.queue(), current.queueOffset(), e);
                if (sendBack != null && sendBack.send(queue.queue(), message)) {
                    sentBack++;
                }
            }
        }
        return calls;
    }

    /** How many failed messages of the last {@link #deliver} the broker took back for redelivery. */
    int sentBack() {
        return sentBack;
    }

    /** How many listener calls of the last {@link #deliver} threw. */
    int failures() {
        return failures;
    }

    private static boolean matches(PropertiesReader properties, Set<String> tags) {
        if (!properties.find(PropertyNames.TAGS)) {
            return false;
        }
        for (String tag : tags) {
            if (properties.valueEquals(tag)) {
                return true;
            }
        }
        return false;
    }
}
