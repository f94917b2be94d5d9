package io.apogee.broker.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.EndTransactionRequestHeader;
import io.apogee.wire.message.MessageSysFlag;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A producer's transaction outcome (docs/protocol.md §3.3 37 and §6.7) for a half message parked in the half topic of
 * a temporary store: commit moves it to its real topic, rollback only records the outcome, and a wrong offset or
 * group is refused.
 */
class EndTransactionProcessorTest {
    private static final String TOPIC = "TransactionTopic";
    private static final String GROUP = "PG";

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private TempStore store;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        store = new TempStore(dir, clock);
        TopicRegistry topics = new TopicRegistry(store.metadata().topics(), false, 4, "DefaultCluster", "broker-a");
        topics.createIfAbsent(TOPIC, 2, Permission.READ_WRITE);
        TransactionLog transactions = new TransactionLog(store.store(), topics, TempStore.HOST, clock);
        transactions.load();
        harness = new ProcessorHarness(new EndTransactionProcessor(transactions), EndTransactionProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void aCommitPutsTheMessageInItsRealTopicOnce() {
        CopyAppend.Appended half = half("pay");
        TempStore.Arrival committed = store.expect(TOPIC, 1);
        Frame answer = harness.send(RequestCode.END_TRANSACTION, end(half, MessageSysFlag.TRANSACTION_COMMIT_TYPE));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        committed.await();
        assertThat(store.store().maxOffset(TOPIC, 1)).isEqualTo(1);

        Frame again = harness.send(RequestCode.END_TRANSACTION, end(half, MessageSysFlag.TRANSACTION_COMMIT_TYPE));
        assertThat(again.code()).as("already resolved: left alone").isEqualTo(ResponseCode.SUCCESS);
        store.put(TOPIC, 0, "after"); // dispatched in log order: everything before it is in its queue now
        assertThat(store.store().maxOffset(TOPIC, 1)).as("not committed twice").isEqualTo(1);
        assertThat(store.store().maxOffset(TransactionTopics.OP, 0)).as("the first commit's op record only").isEqualTo(1);
    }

    @Test
    void aRollbackRecordsTheOutcomeAndTheMessageStaysInvisible() {
        CopyAppend.Appended half = half("refund");
        TempStore.Arrival op = store.expect(TransactionTopics.OP, 0);
        Frame answer = harness.send(RequestCode.END_TRANSACTION, end(half, MessageSysFlag.TRANSACTION_ROLLBACK_TYPE));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        op.await();
        Frame commit = harness.send(RequestCode.END_TRANSACTION, end(half, MessageSysFlag.TRANSACTION_COMMIT_TYPE));
        assertThat(commit.code()).isEqualTo(ResponseCode.SUCCESS);
        store.put(TOPIC, 0, "after");
        assertThat(store.store().maxOffset(TOPIC, 1)).isZero();
    }

    @Test
    void aProducerGroupOutsideTheRuleIsInvalidParameter() {
        CopyAppend.Appended half = half("bad-group");
        Frame answer = harness.send(RequestCode.END_TRANSACTION,
            end(half, MessageSysFlag.TRANSACTION_COMMIT_TYPE).producerGroup("x/y"));
        assertThat(answer.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(answer.remark()).startsWith("The specified group: x/y, contains illegal characters");
        store.barrier();
        assertThat(store.store().maxOffset(TOPIC, 1)).as("not committed").isZero();
    }

    @Test
    void anUnknownOutcomeLeavesTheHalfMessageForTheChecker() {
        CopyAppend.Appended half = half("later");
        Frame answer = harness.send(RequestCode.END_TRANSACTION, end(half, MessageSysFlag.TRANSACTION_NOT_TYPE));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        TempStore.Arrival committed = store.expect(TOPIC, 1);
        assertThat(harness.sendOneway(RequestCode.END_TRANSACTION, end(half, MessageSysFlag.TRANSACTION_COMMIT_TYPE),
            null)).as("a oneway commit, as producers send it, is not answered").isTrue();
        committed.await();
        assertThat(store.store().maxOffset(TOPIC, 1)).isEqualTo(1);
    }

    @Test
    void aWrongOffsetOrGroupIsSystemErrorWithARemark() {
        CopyAppend.Appended half = half("pay");
        Frame wrongQueueOffset = harness.send(RequestCode.END_TRANSACTION,
            end(half, MessageSysFlag.TRANSACTION_COMMIT_TYPE).tranStateTableOffset(5));
        assertThat(wrongQueueOffset.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(wrongQueueOffset.remark()).isEqualTo("Find prepared transaction message failed: no half message at"
            + " commit-log offset " + half.physicalOffset() + " with queue offset 5");
        Frame wrongGroup = harness.send(RequestCode.END_TRANSACTION,
            end(half, MessageSysFlag.TRANSACTION_COMMIT_TYPE).producerGroup("Other"));
        assertThat(wrongGroup.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(wrongGroup.remark()).isEqualTo("The producer group wrong: the half message is of PG, not Other");
        CopyAppend.Appended plain = store.put(store.message(TOPIC, 0, "plain"));
        Frame notHalf = harness.send(RequestCode.END_TRANSACTION, new EndTransactionRequestHeader().producerGroup(GROUP)
            .tranStateTableOffset(plain.queueOffset()).commitLogOffset(plain.physicalOffset())
            .commitOrRollback(MessageSysFlag.TRANSACTION_COMMIT_TYPE).msgId("id"));
        assertThat(notHalf.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        Frame malformed = harness.sendRaw(RequestCode.END_TRANSACTION, Map.of("producerGroup", GROUP), null);
        assertThat(malformed.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(malformed.remark()).startsWith("bad END_TRANSACTION header: ");
    }

    private CopyAppend.Appended half(String body) {
        return HalfMessages.park(store, TOPIC, GROUP, body);
    }

    private static EndTransactionRequestHeader end(CopyAppend.Appended half, int outcome) {
        return new EndTransactionRequestHeader().topic(TOPIC).producerGroup(GROUP).tranStateTableOffset(half.queueOffset())
            .commitLogOffset(half.physicalOffset()).commitOrRollback(outcome).msgId("uniq");
    }
}
