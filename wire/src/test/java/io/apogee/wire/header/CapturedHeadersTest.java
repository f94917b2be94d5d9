package io.apogee.wire.header;

import static io.apogee.wire.header.RocketMqOracle.keys;
import static io.apogee.wire.header.RocketMqOracle.map;
import static io.apogee.wire.header.RocketMqOracle.values;
import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.text.InternTable;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.SerializeType;
import io.apogee.wire.testing.CaptureFile;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.Test;

/**
 * The SEND and PULL headers of every frame the real 5.4.0 client and broker exchanged (the golden captures, test resources of module wire):
 * ours decode to what RocketMQ's decoder reads from the same bytes, and re-encoding them gives the captured keys in
 * the captured order, for JSON and binary frames alike.
 */
class CapturedHeadersTest {
    private final InternTable names = new InternTable(1024, 512);
    private final List<CaptureFile.Frame> frames = CaptureFile.readAll();

    @Test
    void sendRequestsDecodeAsRocketMqReadsThemAndReencodeInTheCapturedOrder() {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        int seen = 0;
        for (CaptureFile.Frame frame : frames) {
            if (frame.isResponse() || (frame.code() != RequestCode.SEND_MESSAGE_V2 && frame.code() != RequestCode.SEND_BATCH_MESSAGE)) {
                continue;
            }
            ExtFields ext = CapturedExt.of(frame);
            header.decode(frame.code(), ext, names);
            var theirs = SendMessageRequestHeaderV2.createSendMessageRequestHeaderV1(
                rocketMq(frame, SendMessageRequestHeaderV2.class));
            assertThat(header.producerGroup()).as(frame.toString()).isEqualTo(theirs.getProducerGroup())
                .isEqualTo("capture_producer_group");
            assertThat(header.topic()).as(frame.toString()).isEqualTo(theirs.getTopic()).isEqualTo("CaptureTopic");
            assertThat(header.defaultTopic()).isEqualTo(theirs.getDefaultTopic()).isEqualTo("TBW102");
            assertThat(header.defaultTopicQueueNums()).isEqualTo(theirs.getDefaultTopicQueueNums()).isEqualTo(4);
            assertThat(header.queueId()).isEqualTo(theirs.getQueueId());
            assertThat(header.sysFlag()).isEqualTo(theirs.getSysFlag());
            assertThat(header.bornTimestamp()).isEqualTo(theirs.getBornTimestamp());
            assertThat(header.flag()).isEqualTo(theirs.getFlag());
            assertThat(header.propertiesString()).isEqualTo(theirs.getProperties()).contains("UNIQ_KEY\u0001");
            assertThat(header.reconsumeTimes()).isEqualTo(theirs.getReconsumeTimes());
            assertThat(header.unitMode()).isEqualTo(theirs.isUnitMode());
            assertThat(header.hasMaxReconsumeTimes()).isFalse();
            assertThat(header.batch()).isEqualTo(theirs.isBatch()).isEqualTo(frame.code() == RequestCode.SEND_BATCH_MESSAGE);
            assertThat(header.brokerName()).isEqualTo(theirs.getBrokerName()).isEqualTo("broker-a");
            assertReencodesAsCaptured(header, frame, ext);
            seen++;
        }
        assertThat(seen).isEqualTo(8); // 3 single sends and 1 batch, in each serialization
    }

    @Test
    void pullRequestsDecodeAsRocketMqReadsThemAndReencodeInTheCapturedOrder() {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        int seen = 0;
        for (CaptureFile.Frame frame : frames) {
            if (frame.isResponse() || frame.code() != RequestCode.PULL_MESSAGE) {
                continue;
            }
            ExtFields ext = CapturedExt.of(frame);
            header.decode(ext, names);
            assertThat(PullMessageRequestHeaderTest.view(header)).as(frame.toString())
                .isEqualTo(values(rocketMq(frame, org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader.class)));
            assertThat(header.consumerGroup()).isEqualTo("capture_consumer_group");
            assertThat(header.maxMsgNums()).isEqualTo(32);
            assertThat(header.suspendTimeoutMillis()).isEqualTo(15000);
            assertThat(header.sysFlag()).isIn(2, 3);
            assertThat(header.maxMsgBytes()).isEqualTo(262144);
            assertThat(header.brokerName()).isEqualTo("broker-a");
            assertReencodesAsCaptured(header, frame, ext);
            seen++;
        }
        assertThat(seen).isGreaterThan(10);
    }

    @Test
    void sendAndPullResponsesOfTheRealBrokerReencodeKeyForKey() {
        SendMessageResponseHeader send = new SendMessageResponseHeader();
        PullMessageResponseHeader pull = new PullMessageResponseHeader();
        int seen = 0;
        for (CaptureFile.Frame frame : frames) {
            if (!frame.isResponse() || frame.requestName() == null || frame.code() != 0) {
                continue;
            }
            CommandHeader header = switch (frame.requestName()) {
                case "SEND_MESSAGE_V2", "SEND_BATCH_MESSAGE" -> send;
                case "PULL_MESSAGE" -> pull;
                default -> null;
            };
            if (header != null) {
                ExtFields ext = CapturedExt.of(frame);
                header.decode(ext, names);
                assertReencodesAsCaptured(header, frame, ext);
                seen++;
            }
        }
        assertThat(send.region()).isEqualTo("DefaultRegion");
        assertThat(send.traceOn()).isTrue();
        assertThat(seen).isGreaterThan(10);
    }

    private static void assertReencodesAsCaptured(CommandHeader header, CaptureFile.Frame frame, ExtFields captured) {
        ExtFields encoded = new ExtFields();
        header.encode(encoded, SerializeType.valueOf(frame.serialize()));
        assertThat(keys(encoded)).as(frame.toString()).containsExactlyElementsOf(keys(captured));
        assertThat(map(encoded)).as(frame.toString()).containsExactlyEntriesOf(map(captured));
    }

    /** What RocketMQ's own decoder reads from the frame's bytes. */
    private static <T extends CommandCustomHeader> T rocketMq(CaptureFile.Frame frame, Class<T> type) {
        try {
            RemotingCommand command = RemotingCommand.decode(ByteBuffer.wrap(frame.bytes(), Integer.BYTES,
                frame.bytes().length - Integer.BYTES));
            return command.decodeCommandCustomHeader(type);
        } catch (RemotingCommandException e) {
            throw new AssertionError(frame.toString(), e);
        }
    }
}
