package io.apogee.broker.transaction;

import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.Names;
import io.apogee.common.text.InternTable;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.EndTransactionRequestHeader;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.message.MessageSysFlag;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * END_TRANSACTION (37), usually oneway: the producer's outcome for a half message, after its local transaction or in
 * answer to CHECK_TRANSACTION_STATE. COMMIT (8) puts the message in its real topic, ROLLBACK (12) drops it, both
 * through {@link TransactionLog}; UNKNOWN (0) leaves it for the checker. The half message is found at the
 * {@code commitLogOffset} of the request and must be in the half topic at {@code tranStateTableOffset}, of the
 * request's producer group; otherwise SYSTEM_ERROR with a remark (seen only by a two-way caller).
 *
 * <p>Runs on the admin executor thread, which owns the lookup, result and header.
 */
public final class EndTransactionProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.END_TRANSACTION};
    private static final Logger LOG = LoggerFactory.getLogger(EndTransactionProcessor.class);

    private final TransactionLog transactions;
    private final MessageLookup lookup;
    private final ReadResult result = new ReadResult(1);
    private final EndTransactionRequestHeader header = new EndTransactionRequestHeader();
    private final InternTable names = new InternTable(256, 255);

    /** Resolves transactions in {@code transactions}. */
    public EndTransactionProcessor(TransactionLog transactions) {
        this.transactions = transactions;
        this.lookup = transactions.store().newLookup();
    }

    @Override
    public void process(Exchange exchange) {
        try {
            header.clear();
            header.decode(exchange.request().ext(), names);
        } catch (MalformedHeaderException | IllegalArgumentException e) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "bad END_TRANSACTION header: " + e.getMessage());
            return;
        }
        String groupProblem = Names.groupProblem(header.producerGroup());
        if (groupProblem != null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, groupProblem);
            return;
        }
        int outcome = header.commitOrRollback();
        if (outcome != MessageSysFlag.TRANSACTION_COMMIT_TYPE && outcome != MessageSysFlag.TRANSACTION_ROLLBACK_TYPE) {
            exchange.reply(ResponseCode.SUCCESS, null); // UNKNOWN: the checker asks again later
            return;
        }
        HalfMessage half = transactions.halfAt(lookup, result, header.commitLogOffset());
        if (half == null || half.queueOffset() != header.tranStateTableOffset()) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "Find prepared transaction message failed: no half"
                + " message at commit-log offset " + header.commitLogOffset() + " with queue offset " + header.tranStateTableOffset());
            return;
        }
        if (!Objects.equals(half.producerGroup(), header.producerGroup())) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "The producer group wrong: the half message is of "
                + half.producerGroup() + ", not " + header.producerGroup());
            return;
        }
        AppendStatus status;
        try {
            status = outcome == MessageSysFlag.TRANSACTION_COMMIT_TYPE ? transactions.commit(half) : transactions.rollback(half);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (!LogAppend.stored(status)) {
            LOG.warn("transaction {} of {} not resolved: {}", half.uniqueKey(), header.producerGroup(), status);
            exchange.reply(ResponseCode.SYSTEM_ERROR, "could not write the transaction outcome: " + status);
            return;
        }
        exchange.reply(ResponseCode.SUCCESS, null);
    }
}
