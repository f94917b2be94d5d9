package io.apogee.broker.transaction;

import io.apogee.broker.group.ClientDirectory;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.transport.Peer;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.CheckTransactionStateRequestHeader;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.record.StoredRecord;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks producers about half messages left unresolved: each run walks the half queue from the first unresolved offset
 * and, for every unresolved message stored longer than {@code transactionTimeOut} ago, sends CHECK_TRANSACTION_STATE
 * (oneway, the message in stored form with its real topic and queue) to a connected producer of its group, which
 * answers with END_TRANSACTION. A message checked {@code transactionCheckMax} times is rolled back. Younger messages
 * end the walk (the queue is in store order). With no producer of the group connected, the message waits for the
 * next run, as RocketMQ's does. Each check is counted durably ({@link TransactionLog#countCheck}), so a restart goes on
 * counting where it was.
 *
 * <p>A run never waits for the store: check counts and rollbacks are submitted and completed by the store's agents.
 * It stops at its time budget (RocketMQ stops a queue's check after a fixed 60 s); the next run goes on from the
 * message where it stopped, so every message gets its turn however many are due, then starts again from the first
 * unresolved one.
 *
 * <p>Runs on the broker's background scheduler, one run at a time (it owns its read result and resume offset).
 */
public final class TransactionChecker implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionChecker.class);
    private static final int BATCH = 32;
    // never wait on a backed-up producer: the run would stall behind it; the message is checked again next run
    private static final long SEND_TIMEOUT_MILLIS = 0;

    private final TransactionLog transactions;
    private final ClientDirectory clients;
    private final Clock clock;
    private final LongSupplier timeoutMillis;
    private final IntSupplier maxChecks;
    private final long budgetNanos;
    /** Where the next run starts when the last one ran out of time; 0 to start from the first unresolved message. */
    private long resumeOffset;
    private final ReadResult result = new ReadResult(BATCH);
    private final StoredRecord record = new StoredRecord();

    /**
     * Checks {@code transactions}' half messages older than {@code timeoutMillis} with the producers in
     * {@code clients}, at most {@code maxChecks} times each, each run for at most {@code budgetMillis}. Both suppliers
     * are read on each use, so a change of the broker config at run time applies to the next message checked.
     */
    public TransactionChecker(TransactionLog transactions, ClientDirectory clients, Clock clock,
        LongSupplier timeoutMillis, IntSupplier maxChecks, long budgetMillis) {
        this.transactions = transactions;
        this.clients = clients;
        this.clock = clock;
        this.timeoutMillis = timeoutMillis;
        this.maxChecks = maxChecks;
        this.budgetNanos = TimeUnit.MILLISECONDS.toNanos(budgetMillis);
    }

    @Override
    public void run() {
        try {
            resumeOffset = check();
        } catch (RuntimeException e) {
            resumeOffset = 0;
            LOG.warn("transaction check failed; the next run tries again", e);
        }
    }

    /** One run; returns the offset the next run starts at, 0 when this one got to its end. */
    private long check() {
        MessageStore store = transactions.store();
        TransactionState state = transactions.state();
        state.skipTo(store.minOffset(TransactionTopics.HALF, 0));
        long offset = Math.max(state.progress(), resumeOffset);
        long max = store.maxOffset(TransactionTopics.HALF, 0);
        long now = clock.millis();
        long deadline = clock.nanos() + budgetNanos;
        while (offset < max) {
            try {
                if (store.read(TransactionTopics.HALF, 0, offset, BATCH, Long.MAX_VALUE, TagFilter.ANY, result)
                    != ReadStatus.FOUND || result.count() == 0) {
                    return 0;
                }
                for (int i = 0; i < result.count(); i++) {
                    if (state.isResolved(result.queueOffset(i))) {
                        continue;
                    }
                    if (clock.nanos() - deadline > 0) {
                        return result.queueOffset(i);
                    }
                    HalfMessage half = HalfMessage.read(record.wrap(result.buffer(i), result.position(i)));
                    if (half == null) {
                        state.resolve(result.queueOffset(i)); // not a half message: nothing to resolve
                    } else if (now - half.storeTimestamp() < timeoutMillis.getAsLong()) {
                        return 0;
                    } else {
                        checkOne(half);
                    }
                }
                offset = result.nextOffset();
            } finally {
                result.release();
            }
        }
        return 0;
    }

    private void checkOne(HalfMessage half) {
        int most = maxChecks.getAsInt();
        if (transactions.state().checkCount(half.queueOffset()) >= most) {
            LOG.warn("transaction {} of {} still unresolved after {} checks: rolled back", half.uniqueKey(),
                half.producerGroup(), most);
            transactions.rollbackLater(half);
            return;
        }
        if (!transactions.countCheck(half)) {
            return; // the count could not be recorded: checked on a later run
        }
        List<Peer> producers = half.producerGroup() == null ? List.of() : clients.producers(half.producerGroup());
        if (producers.isEmpty()) {
            LOG.debug("no producer of {} connected to check transaction {}", half.producerGroup(), half.uniqueKey());
            return;
        }
        Peer producer = producers.get(ThreadLocalRandom.current().nextInt(producers.size()));
        RemotingHeader request = new RemotingHeader().asRequest(RequestCode.CHECK_TRANSACTION_STATE, 0);
        new CheckTransactionStateRequestHeader().topic(half.realTopic()).tranStateTableOffset(half.queueOffset())
            .commitLogOffset(half.physicalOffset()).msgId(half.uniqueKey()).transactionId(half.transactionId())
            .offsetMsgId(OffsetMessageId.of(half.storeHost(), half.physicalOffset())).encode(request.ext());
        if (!producer.invokeOneway(request, Unpooled.wrappedBuffer(half.checkBody()), SEND_TIMEOUT_MILLIS)) {
            LOG.debug("{}: could not send the check of transaction {}", producer.address(), half.uniqueKey());
        }
    }
}
