package io.apogee.broker.retry;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.detour.DetourOutcome;
import io.apogee.broker.detour.DetourRequest;
import io.apogee.broker.detour.EmbeddedSends;
import io.apogee.broker.detour.EmbeddedSends.Answer;
import io.apogee.broker.detour.SendCopies;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.order.RebalanceLocks;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.common.agent.DistinctErrorLog;
import io.apogee.common.time.ManualClock;
import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.apogee.wire.message.record.StoredRecord;
import io.netty.buffer.ByteBuf;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dead-letter detour's answers to a client's own send to a retry topic, over an embedded exchange and a real store
 * (a manual clock for the locks and keys): an unknown group is refused, a retry within its group's limit passes, and one past it is stored
 * on the group's dead-letter topic with DELAY -1 and answered as a send.
 */
class DeadLetterDetourTest {
    private static final HostAddress HOST = HostAddress.of(new byte[] {127, 0, 0, 1}, 10911);
    private static final String GROUP = "group";
    private static final String RETRY = TopicRegistry.RETRY_PREFIX + GROUP;
    private static final int MAX_TIMES = 2;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final DetourRequest send = new DetourRequest();
    private EmbeddedSends sends;
    private MessageStore store;
    private TopicRegistry topics;
    private DeadLetterDetour detour;

    @BeforeEach
    void open() {
        sends = new EmbeddedSends();
        DistinctErrorLog errors = new DistinctErrorLog(SystemClock.INSTANCE, 16, (role, error) -> error.printStackTrace());
        store = MessageStore.open(StoreConfig.defaults(dir, FlushMode.ASYNC).withSmallFiles(1 << 20, 1024),
            new NioFileIo(), SystemClock.INSTANCE, errors, TagsCodeRule.TAG_HASH);
        store.start(() -> new BackoffIdleStrategy(20, 2, 1_000, 1_000_000));
        BrokerMetadata metadata = BrokerMetadata.open(MetadataFiles.of(store));
        metadata.groups().put(new SubscriptionGroup(GROUP, true, false, true, 1, MAX_TIMES, 0, 1, true));
        topics = new TopicRegistry(metadata.topics(), false, 4, "DefaultCluster", "broker-a");
        SendCopies copies = new SendCopies(store, HOST, "DefaultCluster",
            UniqueKeyGenerator.forThisProcess(new byte[] {127, 0, 0, 1}, clock));
        detour = new DeadLetterDetour(copies, metadata.groups(), topics, new RebalanceLocks(clock, 60_000));
    }

    @AfterEach
    void close() {
        sends.close();
        store.close();
    }

    @Test
    void aSendToAnotherTopicPasses() {
        Exchange exchange = sends.exchange(EmbeddedSends.body("plain"));
        assertThat(take(exchange, "orders", MAX_TIMES + 1)).isEqualTo(DetourOutcome.PASSED);
        assertThat(exchange.isOpen()).isTrue();
        exchange.close();
    }

    @Test
    void anUnknownGroupIsRefused() {
        ByteBuf body = EmbeddedSends.body("lost");
        assertThat(take(sends.exchange(body), TopicRegistry.RETRY_PREFIX + "nobody", 0)).isEqualTo(DetourOutcome.REFUSED);
        Answer answer = sends.readAnswer();
        assertThat(answer.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(answer.remark()).isEqualTo("subscription group not exist, nobody" + SendBackProcessor.FAQ);
        assertThat(body.refCnt()).isZero();
    }

    @Test
    void aRetryWithinItsLimitPasses() {
        ByteBuf body = EmbeddedSends.body("again");
        Exchange exchange = sends.exchange(body);
        assertThat(take(exchange, RETRY, MAX_TIMES)).isEqualTo(DetourOutcome.PASSED);
        assertThat(exchange.isOpen()).isTrue();
        assertThat(body.refCnt()).isPositive();
        assertThat(topics.get(SendBackProcessor.DLQ_PREFIX + GROUP)).as("no dead-letter topic yet").isNull();
        exchange.close();
    }

    @Test
    void aRetryPastItsLimitBecomesADeadLetter() throws InterruptedException {
        Exchange exchange = sends.exchange(EmbeddedSends.body("dead"));
        assertThat(take(exchange, RETRY, MAX_TIMES + 1)).isEqualTo(DetourOutcome.SUBMITTED);
        Answer answer = sends.awaitAnswer(exchange);
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.queueId()).isEqualTo("0");
        String deadLetters = SendBackProcessor.DLQ_PREFIX + GROUP;
        assertThat(topics.get(deadLetters)).isNotNull();
        assertThat(storedDelay(deadLetters)).isEqualTo("-1");
    }

    private DetourOutcome take(Exchange exchange, String topic, int reconsumeTimes) {
        SendMessageRequestHeader header = new SendMessageRequestHeader().topic(topic).queueId(0)
            .reconsumeTimes(reconsumeTimes).properties(EmbeddedSends.property(PropertyNames.UNIQ_KEY, "key"));
        try {
            return detour.take(send.set(exchange, header, topic, 0));
        } finally {
            send.clear();
        }
    }

    /** The DELAY of the first record on {@code topic} queue 0, once dispatched. */
    private String storedDelay(String topic) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (store.maxOffset(topic, 0) < 1 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        ReadResult result = new ReadResult(1);
        assertThat(store.read(topic, 0, 0, 1, 1 << 20, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
        try {
            StoredRecord record = new StoredRecord();
            record.wrap(result.buffer(0), result.position(0));
            PropertiesReader properties = record.properties();
            return properties.find(PropertyNames.DELAY) ? properties.value() : null;
        } finally {
            result.release();
        }
    }
}
