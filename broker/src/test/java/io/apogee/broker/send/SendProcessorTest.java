package io.apogee.broker.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.detour.Detour;
import io.apogee.broker.detour.DetourOutcome;
import io.apogee.broker.detour.Detours;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Connection;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicLimits;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.ManualClock;
import io.apogee.testsupport.Await;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.SendHeaderKeys;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.batch.BatchBodyEncoder;
import io.apogee.wire.message.batch.EncodeStatus;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sends (docs/protocol.md §3.3 310, 320 and 10) over a temporary store: the success answer's fields as a producer builds
 * its SendResult from them, what the broker adds to the stored record, topic creation from TBW102 and the refusals.
 * A written send is answered on the connection's event loop, handed over by the appender: the test stops the
 * appender while it sends, then lets it go and waits for a barrier behind the send before running the loop's tasks.
 */
class SendProcessorTest {
    private static final String TOPIC = "TopicTest";
    private static final int MAX_MESSAGE_SIZE = 1024;
    private static final char NAME_VALUE = (char) PropertyNames.NAME_VALUE_SEPARATOR;
    private static final char PROPERTY = (char) PropertyNames.PROPERTY_SEPARATOR;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private TempStore store;
    private TopicRegistry topics;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        store = new TempStore(dir, clock);
        topics = new TopicRegistry(store.metadata().topics(), true, 4, "DefaultCluster", "broker-a");
        topics.createIfAbsent(TOPIC, 2, Permission.READ_WRITE);
        harness = new ProcessorHarness(processor(), SendProcessor.CODES);
    }

    private SendProcessor processor() {
        return new SendProcessor(store.store(), topics, TempStore.HOST, "DefaultCluster", MAX_MESSAGE_SIZE,
            UniqueKeyGenerator.forThisProcess(new byte[] {127, 0, 0, 1}, clock));
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void aSentMessageIsAnsweredWithItsOffsetIdQueueAndUniqueKey() {
        Frame answer = sendWritten(send(TOPIC, 1).properties("TAGS" + NAME_VALUE + "TagA" + PROPERTY
            + PropertyNames.UNIQ_KEY + NAME_VALUE + "7F0000010000ABCD" + PROPERTY), "hello");
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.ext("queueId")).isEqualTo("1");
        assertThat(answer.ext("queueOffset")).isEqualTo("0");
        assertThat(answer.ext("transactionId")).as("the client's msgId: the UNIQ_KEY").isEqualTo("7F0000010000ABCD");
        assertThat(answer.ext("msgId")).as("the offset message id").hasSize(OffsetMessageId.length(false));
        assertThat(answer.ext("MSG_REGION")).isEqualTo("DefaultRegion");
        assertThat(answer.ext("TRACE_ON")).isEqualTo("true");

        store.barrier();
        MessageCopy stored = store.read(TOPIC, 1).getFirst();
        assertThat(new String(stored.body(), StandardCharsets.UTF_8)).isEqualTo("hello");
        assertThat(stored.get("TAGS")).isEqualTo("TagA");
        assertThat(stored.get(PropertyNames.UNIQ_KEY)).isEqualTo("7F0000010000ABCD");
        assertThat(stored.get(PropertyNames.CLUSTER)).isEqualTo("DefaultCluster");
        assertThat(stored.get(PropertyNames.MSG_REGION)).isEqualTo("DefaultRegion");
        assertThat(stored.get(PropertyNames.TRACE_ON)).isEqualTo("true");
    }

    @Test
    void aSendWrittenByTheThreadThatReadItIsAnsweredWithinTheRead() {
        Connection producer = harness.connection();
        List<Integer> answersAtReadComplete = new ArrayList<>();
        producer.channel().pipeline().addLast(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelReadComplete(ChannelHandlerContext ctx) {
                answersAtReadComplete.add(producer.channel().outboundMessages().size());
                ctx.fireChannelReadComplete();
            }
        });

        Frame answer = producer.send(RequestCode.SEND_MESSAGE_V2, send(TOPIC, 0), ProcessorHarness.utf8("in line"));

        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answersAtReadComplete).as("written before the read completed, not by a task queued after it")
            .containsExactly(1);
    }

    @Test
    void aMessageWithoutAUniqueKeyGetsOneAndTheLongKeysAreRead() {
        Frame answer = sendWritten(RequestCode.SEND_MESSAGE, send(TOPIC, 0).keys(SendHeaderKeys.V1), "v1");
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        String key = answer.ext("transactionId");
        assertThat(key).hasSize(UniqueKeyGenerator.IPV4_KEY_LENGTH);
        store.barrier();
        assertThat(store.read(TOPIC, 0).getFirst().get(PropertyNames.UNIQ_KEY)).isEqualTo(key);
    }

    @Test
    void aNewTopicIsMadeFromTheTemplate() {
        Frame answer = sendWritten(send("Fresh", 0).defaultTopicQueueNums(2), "first");
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        TopicConfig created = topics.get("Fresh");
        assertThat(created.writeQueues()).isEqualTo(2);
        assertThat(created.permission()).as("the template's, less INHERIT").isEqualTo(Permission.READ_WRITE);
    }

    @Test
    void aSendThatWouldCreateATopicPastTheLimitIsRefusedNamingTheSetting() {
        harness.close();
        int held = store.metadata().topics().size();
        topics = new TopicRegistry(store.metadata().topics(), true, 4, "DefaultCluster", "broker-a",
            new TopicLimits(held + 1, 8));
        harness = new ProcessorHarness(processor(), SendProcessor.CODES);
        assertThat(sendWritten(send("Fits", 0), "one").code()).isEqualTo(ResponseCode.SUCCESS);
        Frame refused = harness.send(RequestCode.SEND_MESSAGE_V2, send("TooMany", 0), ProcessorHarness.utf8("x"));
        assertThat(refused.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(refused.remark()).isEqualTo("topic[TooMany] cannot be created: the broker holds its limit of "
            + (held + 1) + " topics (maxTopicCount)");
        assertThat(topics.get("TooMany")).isNull();
        assertThat(sendWritten(send(TOPIC, 0), "existing").code()).as("existing topics still take sends")
            .isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void aSendAskingForADelayLevelIsOfferedToItsDetourAndAPlainOnePassesBy() {
        List<Integer> offered = new ArrayList<>();
        Detour delayLevels = send -> {
            offered.add(send.delayLevel());
            send.exchange().reply(ResponseCode.SUCCESS, "detoured");
            return DetourOutcome.REFUSED;
        };
        harness.close();
        harness = new ProcessorHarness(processor().detours(new Detours(Detour.NONE, delayLevels, Detour.NONE)),
            SendProcessor.CODES);
        Frame detoured = harness.send(RequestCode.SEND_MESSAGE_V2, send(TOPIC, 0).properties(PropertyNames.DELAY
            + NAME_VALUE + "3" + PROPERTY), ProcessorHarness.utf8("later"));
        assertThat(detoured.remark()).isEqualTo("detoured");
        assertThat(offered).containsExactly(3);
        assertThat(sendWritten(send(TOPIC, 0), "now").code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(offered).as("no delay level: not offered").hasSize(1);
        store.barrier();
        assertThat(store.read(TOPIC, 0)).extracting(message -> new String(message.body(), StandardCharsets.UTF_8))
            .as("only the plain send in its topic").containsExactly("now");
    }

    @Test
    void aBatchIsStoredAsItsMessagesAndAnsweredWithEveryOffsetId() {
        List<OutboundMessage> messages = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            messages.add(new OutboundMessage().topic(TOPIC).body(("part-" + i).getBytes(StandardCharsets.UTF_8))
                .putProperty(PropertyNames.UNIQ_KEY, "7F00000100000000000000" + i).tags("Tag" + i));
        }
        BatchBodyEncoder encoder = new BatchBodyEncoder();
        assertThat(encoder.encode(messages)).isEqualTo(EncodeStatus.OK);
        ByteBuffer encoded = encoder.encoded();
        byte[] body = new byte[encoded.remaining()];
        encoded.get(body);

        Frame answer = sendWritten(RequestCode.SEND_BATCH_MESSAGE, send(TOPIC, 1).batch(true), body);
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.ext("queueOffset")).as("the first message's").isEqualTo("0");
        String[] ids = answer.ext("msgId").split(",");
        assertThat(ids).as("one offset id per message, in order").hasSize(3).doesNotHaveDuplicates()
            .allSatisfy(id -> assertThat(id).hasSize(OffsetMessageId.length(false)));

        store.barrier();
        List<MessageCopy> stored = store.read(TOPIC, 1);
        assertThat(stored).extracting(message -> new String(message.body(), StandardCharsets.UTF_8))
            .containsExactly("part-0", "part-1", "part-2");
        assertThat(stored).extracting(message -> message.get(PropertyNames.UNIQ_KEY))
            .containsExactly("7F000001000000000000000", "7F000001000000000000001", "7F000001000000000000002");
        assertThat(stored).extracting(message -> message.get("TAGS")).containsExactly("Tag0", "Tag1", "Tag2");
    }

    @Test
    void aOnewaySendIsStoredAndNeverAnswered() {
        Connection producer = harness.connection();
        producer.sendOneway(RequestCode.SEND_MESSAGE_V2, send(TOPIC, 0), ProcessorHarness.utf8("fire and forget"));
        store.barrier();
        assertThat(producer.next()).as("no answer to a oneway send, even once appended").isNull();
        assertThat(store.read(TOPIC, 0)).extracting(message -> new String(message.body(), StandardCharsets.UTF_8))
            .containsExactly("fire and forget");
    }

    @Test
    void refusalsCarryRocketMqsCodesAndRemarks() {
        Frame unknown = harness.send(RequestCode.SEND_MESSAGE_V2, send("Nowhere", 0).defaultTopic("NoTemplate"),
            ProcessorHarness.utf8("x"));
        assertThat(unknown.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(unknown.remark()).isEqualTo("topic[Nowhere] not exist, apply first please!"
            + "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.");
        Frame invalid = harness.send(RequestCode.SEND_MESSAGE_V2, send("bad topic", 0), ProcessorHarness.utf8("x"));
        assertThat(invalid.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(invalid.remark())
            .isEqualTo("The specified topic: bad topic, contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$");
        Frame queue = harness.send(RequestCode.SEND_MESSAGE_V2, send(TOPIC, 2), ProcessorHarness.utf8("x"));
        assertThat(queue.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(queue.remark()).startsWith("request queueId[2] is illegal, ");
        Frame large = harness.send(RequestCode.SEND_MESSAGE_V2, send(TOPIC, 0), new byte[MAX_MESSAGE_SIZE + 1]);
        assertThat(large.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(large.remark()).startsWith("the message body size over max value, MAX: " + MAX_MESSAGE_SIZE);
        Frame malformed = harness.sendRaw(RequestCode.SEND_MESSAGE_V2, Map.of("b", TOPIC), ProcessorHarness.utf8("x"));
        assertThat(malformed.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(malformed.remark()).startsWith("bad send header: ");
        store.barrier();
        assertThat(store.store().maxOffset(TOPIC, 0)).as("nothing stored").isZero();
    }

    @Test
    void aNameOutsideRocketMqsRuleIsInvalidParameterForEverySendCode() {
        String longest = "T".repeat(127);
        for (int code : SendProcessor.CODES) {
            Frame tooLong = harness.send(code, sendAs(code, longest + "x"), ProcessorHarness.utf8("x"));
            assertThat(tooLong.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(tooLong.remark()).isEqualTo("The specified topic: " + longest + "x, is longer than topic max length: 127");
            Frame slash = harness.send(code, sendAs(code, "x/y"), ProcessorHarness.utf8("x"));
            assertThat(slash.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(slash.remark()).contains("contains illegal characters");
        }
        store.barrier();
        assertThat(topics.get(longest + "x")).isNull();
        assertThat(topics.get("x/y")).isNull();
    }

    @Test
    void theSystemTopicsAreRefusedToClientsWithNoPermission() {
        topics.createIfAbsent("SCHEDULE_TOPIC_XXXX", 18, Permission.READ_WRITE);
        for (String system : List.of("SCHEDULE_TOPIC_XXXX", "rmq_sys_wheel_timer", "RMQ_SYS_TRANS_HALF_TOPIC",
            "RMQ_SYS_TRANS_OP_HALF_TOPIC", "TRANS_CHECK_MAX_TIME_TOPIC", "SELF_TEST_TOPIC", "OFFSET_MOVED_EVENT")) {
            for (int code : SendProcessor.CODES) {
                Frame answer = harness.send(code, sendAs(code, system), ProcessorHarness.utf8("x"));
                assertThat(answer.code()).as(system).isEqualTo(ResponseCode.NO_PERMISSION);
                assertThat(answer.remark()).isEqualTo("Sending message to topic[" + system + "] is forbidden.");
            }
        }
        store.barrier();
        assertThat(store.store().maxOffset("SCHEDULE_TOPIC_XXXX", 0)).as("nothing parked").isZero();
    }

    @Test
    void aTopicWithoutWritePermissionRefusesSends() {
        topics.createIfAbsent("ReadOnly", 1, Permission.READ);
        Frame answer = harness.send(RequestCode.SEND_MESSAGE_V2, send("ReadOnly", 0), ProcessorHarness.utf8("x"));
        assertThat(answer.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(answer.remark()).isEqualTo("the topic[ReadOnly] sending message is forbidden");
        store.barrier();
        assertThat(store.store().maxOffset("ReadOnly", 0)).isZero();
    }

    /** A send to queue 0 of {@code topic} with the header keys of {@code code} (V1 for SEND_MESSAGE). */
    private SendMessageRequestHeader sendAs(int code, String topic) {
        return code == RequestCode.SEND_MESSAGE ? send(topic, 0).keys(SendHeaderKeys.V1) : send(topic, 0);
    }

    @Test
    void sendsWaitingWhenTheAppenderFailsAndSendsAfterAreAnsweredServiceNotAvailable() throws InterruptedException {
        Connection producer = harness.connection();
        TempStore.Gate gate = store.stopAppenderThenFail(new InternalError("a fault occurred in an unsafe memory access"));
        try {
            producer.sendHeld(RequestCode.SEND_MESSAGE_V2, send(TOPIC, 0), ProcessorHarness.utf8("first"));
            producer.sendHeld(RequestCode.SEND_MESSAGE_V2, send(TOPIC, 1), ProcessorHarness.utf8("second"));
        } finally {
            gate.open();
        }
        Await.until("the appends in the ring completed", Duration.ofSeconds(10),
            () -> store.store().appendsInFlight() == 0);
        for (int i = 0; i < 2; i++) {
            Frame answer = producer.next();
            assertThat(answer).as("answer " + i).isNotNull();
            assertThat(answer.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
            assertThat(answer.remark()).contains("store failed", "brokerStatus");
        }
        Frame later = harness.send(RequestCode.SEND_MESSAGE_V2, send(TOPIC, 0), ProcessorHarness.utf8("third"));
        assertThat(later.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
        assertThat(later.remark()).contains("store failed");
        assertThat(store.store().maxOffset(TOPIC, 0)).as("nothing stored").isZero();
    }

    private SendMessageRequestHeader send(String topic, int queueId) {
        return new SendMessageRequestHeader().producerGroup("PG").topic(topic)
            .defaultTopic(TopicRegistry.AUTO_CREATE_TEMPLATE).defaultTopicQueueNums(4).queueId(queueId).sysFlag(0)
            .bornTimestamp(clock.millis()).flag(0).reconsumeTimes(0).unitMode(false).batch(false);
    }

    private Frame sendWritten(SendMessageRequestHeader header, String body) {
        return sendWritten(RequestCode.SEND_MESSAGE_V2, header, body);
    }

    /** Sends with the appender stopped, lets it write, waits for the answer's hand-over and runs it. */
    private Frame sendWritten(int code, SendMessageRequestHeader header, String body) {
        return sendWritten(code, header, ProcessorHarness.utf8(body));
    }

    private Frame sendWritten(int code, SendMessageRequestHeader header, byte[] body) {
        Connection producer = harness.connection();
        TempStore.Gate gate = store.stopAppender();
        try {
            producer.sendHeld(code, header, body);
        } finally {
            gate.open();
        }
        store.barrier();
        Frame answer = producer.next();
        assertThat(answer).as("answered on the connection's event loop").isNotNull();
        assertThat(answer.isResponse()).isTrue();
        return answer;
    }
}
