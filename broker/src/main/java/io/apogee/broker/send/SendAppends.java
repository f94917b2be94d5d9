package io.apogee.broker.send;

import io.apogee.broker.request.Exchange;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertiesWriter;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.batch.BatchEntry;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * The spare {@link SendAppend}s of one send processor, and what every send of that processor writes the same way:
 * the store host, the properties every record ends with (the cluster name among them), and the batch flyweight the store's writer reads batch entries with. A send
 * carries a reference to this holder instead of one to its processor, so that nothing on the appender or the event
 * loop calls back into the processor.
 *
 * <p>The pool is thread-safe: taken on the processor's I/O thread, given back on the event loop that answers (or the
 * writer, when the loop has stopped). The flyweight is used only under the store's write turn, one thread at a time.
 */
final class SendAppends {
    private static final int POOL_CAPACITY = 4096;

    private final ArrayBlockingQueue<SendAppend> free = new ArrayBlockingQueue<>(POOL_CAPACITY);
    private final HostAddress storeHost;
    private final byte[] brokerEntries;
    private final BatchEntry appenderEntry = new BatchEntry();

    SendAppends(HostAddress storeHost, String clusterName) {
        this.storeHost = storeHost;
        this.brokerEntries = PropertiesWriter.encodeEntries(PropertyNames.CLUSTER, clusterName, PropertyNames.MSG_REGION,
            SendProcessor.REGION, PropertyNames.TRACE_ON, SendProcessor.TRACE_ON);
    }

    /**
     * A send from the pool (or a new one) of the exchange's body to {@code toTopic}/{@code toQueue}; the send owns
     * the exchange from the submission on, and answers it.
     */
    SendAppend take(Exchange exchange, String toTopic, int toQueue, boolean isBatch) {
        SendAppend append = free.poll();
        if (append == null) {
            append = new SendAppend(this);
        }
        return append.reset(exchange, toTopic, toQueue, isBatch);
    }

    void giveBack(SendAppend append) {
        free.offer(append);
    }

    /** The host written as every record's store host. */
    HostAddress storeHost() {
        return storeHost;
    }

    /** CLUSTER, MSG_REGION and TRACE_ON as every record ends with them, encoded once; never changed. */
    byte[] brokerEntries() {
        return brokerEntries;
    }

    /** The batch flyweight of {@link SendAppend#describeRecord}: the store's write turn only. */
    BatchEntry appenderEntry() {
        return appenderEntry;
    }
}
