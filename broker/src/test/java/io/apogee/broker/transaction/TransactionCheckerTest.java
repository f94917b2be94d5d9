package io.apogee.broker.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.Clock;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.EndTransactionRequestHeader;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.record.StoredRecord;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The transaction check on a manual clock (docs/protocol.md §3.3 39 and §6.7): a half message left unresolved past
 * the timeout is sent to a connected producer of its group, whose END_TRANSACTION answer resolves it; one checked
 * the most times is rolled back.
 */
class TransactionCheckerTest {
    private static final String TOPIC = "TransactionTopic";
    private static final String GROUP = "PG";
    private static final long TIMEOUT = 6_000;
    private static final int MAX_CHECKS = 2;
    private static final long BUDGET_MILLIS = 1_000;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final ClientDirectory clients = new ClientDirectory();
    private TempStore store;
    private TransactionChecker checker;
    private TransactionLog transactions;
    private ProcessorHarness harness;

    @BeforeEach
    void open() throws IOException {
        store = new TempStore(dir, clock);
        TopicRegistry topics = new TopicRegistry(store.metadata().topics(), false, 4, "DefaultCluster", "broker-a");
        topics.createIfAbsent(TOPIC, 2, Permission.READ_WRITE);
        transactions = new TransactionLog(store.store(), topics, TempStore.HOST, clock);
        transactions.load();
        checker = new TransactionChecker(transactions, clients, clock, () -> TIMEOUT, () -> MAX_CHECKS, BUDGET_MILLIS);
        harness = new ProcessorHarness(new EndTransactionProcessor(transactions), EndTransactionProcessor.CODES);
        clients.onHeartbeat(harness.connection().peer(), "10.0.0.1@producer", "JAVA", 493,
            new ObjectMapper().readTree("{\"producerDataSet\":[{\"groupName\":\"" + GROUP + "\"}]}"));
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void anUnresolvedHalfMessageIsCheckedPastTheTimeoutAndTheAnswerCommitsIt() {
        CopyAppend.Appended half = HalfMessages.park(store, TOPIC, GROUP, "pay");
        clock.advanceMillis(TIMEOUT - 1);
        checker.run();
        assertThat(harness.next()).as("not yet timed out").isNull();
        clock.advanceMillis(1);
        checker.run();
        Frame check = harness.next();
        assertThat(check.code()).isEqualTo(RequestCode.CHECK_TRANSACTION_STATE);
        assertThat(check.isOneway()).isTrue();
        assertThat(check.ext("tranStateTableOffset")).isEqualTo(Long.toString(half.queueOffset()));
        assertThat(check.ext("commitLogOffset")).isEqualTo(Long.toString(half.physicalOffset()));
        assertThat(check.ext("msgId")).isEqualTo("uniq-pay");
        StoredRecord message = new StoredRecord().wrap(ByteBuffer.wrap(check.body()), 0);
        assertThat(message.topic()).as("the real topic, as the producer sent it").isEqualTo(TOPIC);

        TempStore.Arrival committed = store.expect(TOPIC, 1);
        assertThat(harness.sendOneway(RequestCode.END_TRANSACTION, end(half, MessageSysFlag.TRANSACTION_COMMIT_TYPE),
            null)).isTrue();
        committed.await();
        clock.advanceMillis(TIMEOUT);
        checker.run();
        assertThat(harness.next()).as("resolved: not checked again").isNull();
    }

    @Test
    void aHalfMessageCheckedTheMostTimesIsRolledBack() {
        CopyAppend.Appended half = HalfMessages.park(store, TOPIC, GROUP, "lost");
        clock.advanceMillis(TIMEOUT);
        for (int i = 0; i < MAX_CHECKS; i++) {
            checker.run();
            assertThat(harness.next().code()).isEqualTo(RequestCode.CHECK_TRANSACTION_STATE);
        }
        checker.run();
        assertThat(harness.next()).as("rolled back, not checked").isNull();
        Frame late = harness.send(RequestCode.END_TRANSACTION, end(half, MessageSysFlag.TRANSACTION_COMMIT_TYPE));
        assertThat(late.code()).as("already resolved: left alone").isEqualTo(ResponseCode.SUCCESS);
        store.put(TOPIC, 0, "after"); // dispatched in log order: a commit would be in its queue by now
        assertThat(store.store().maxOffset(TOPIC, 1)).isZero();
    }

    @Test
    void aCheckIsSentWithoutWaitingForItsCountToBeWritten() {
        HalfMessages.park(store, TOPIC, GROUP, "slow-disk");
        clock.advanceMillis(TIMEOUT);
        TempStore.Gate gate = store.stopAppender();
        try {
            checker.run();
            Frame check = harness.next();
            assertThat(check).as("sent while the appender is stopped").isNotNull();
            assertThat(check.code()).isEqualTo(RequestCode.CHECK_TRANSACTION_STATE);
        } finally {
            gate.open();
        }
        store.barrier();
        assertThat(transactions.state().checkCount(0)).isEqualTo(1);
    }

    @Test
    void aRunStopsAtItsTimeBudgetAndTheNextRunGoesOnWhereItStopped() {
        for (int i = 0; i < 5; i++) {
            HalfMessages.park(store, TOPIC, GROUP, "budget-" + i);
        }
        clock.advanceMillis(TIMEOUT);
        // each look at the clock costs the run a millisecond: a budget of 2 ms covers a few messages
        Clock slow = new Clock() {
            @Override
            public long millis() {
                return clock.millis();
            }

            @Override
            public long nanos() {
                clock.advanceMillis(1);
                return clock.nanos();
            }
        };
        TransactionChecker budgeted = new TransactionChecker(transactions, clients, slow, () -> TIMEOUT, () -> 100, 2);
        budgeted.run();
        List<String> first = checkedKeys();
        assertThat(first).isNotEmpty().hasSizeLessThan(5);
        budgeted.run();
        List<String> second = checkedKeys();
        assertThat(second).isNotEmpty();
        assertThat(second.getFirst()).as("the second run starts where the first stopped")
            .isEqualTo("uniq-budget-" + first.size());
        store.barrier();
    }

    private List<String> checkedKeys() {
        List<String> keys = new ArrayList<>();
        for (Frame frame = harness.next(); frame != null; frame = harness.next()) {
            keys.add(frame.ext("msgId"));
        }
        return keys;
    }

    private static EndTransactionRequestHeader end(CopyAppend.Appended half, int outcome) {
        return new EndTransactionRequestHeader().topic(TOPIC).producerGroup(GROUP).tranStateTableOffset(half.queueOffset())
            .commitLogOffset(half.physicalOffset()).commitOrRollback(outcome).msgId("uniq").fromTransactionCheck(true);
    }
}
