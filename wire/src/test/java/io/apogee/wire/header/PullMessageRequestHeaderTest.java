package io.apogee.wire.header;

import static io.apogee.wire.header.RocketMqOracle.extFields;
import static io.apogee.wire.header.RocketMqOracle.fastCodesEntries;
import static io.apogee.wire.header.RocketMqOracle.keys;
import static io.apogee.wire.header.RocketMqOracle.map;
import static io.apogee.wire.header.RocketMqOracle.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.SerializeType;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.api.Test;

class PullMessageRequestHeaderTest {
    private static final int ROUNDS = 300;

    private final InternTable names = new InternTable(1024, 512);

    /** Our header's fields under RocketMQ's field names, absent optional ones as null. */
    static Map<String, Object> view(PullMessageRequestHeader header) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("consumerGroup", header.consumerGroup());
        view.put("topic", header.topic());
        view.put("queueId", header.queueId());
        view.put("queueOffset", header.queueOffset());
        view.put("maxMsgNums", header.maxMsgNums());
        view.put("sysFlag", header.sysFlag());
        view.put("commitOffset", header.commitOffset());
        view.put("suspendTimeoutMillis", header.suspendTimeoutMillis());
        view.put("subscription", header.subscription());
        view.put("subVersion", header.subVersion());
        view.put("expressionType", header.expressionType());
        view.put("maxMsgBytes", header.hasMaxMsgBytes() ? header.maxMsgBytes() : null);
        view.put("requestSource", header.hasRequestSource() ? header.requestSource() : null);
        view.put("proxyFrowardClientId", header.proxyFrowardClientId());
        view.put("lo", header.logical());
        view.put("ns", header.namespace());
        view.put("nsd", header.namespaced());
        view.put("bname", header.brokerName());
        view.put("oway", header.oneway());
        return view;
    }

    @Test
    void decodesWhatRocketMqSendsAndEncodesWhatRocketMqReadsInBothSerializations() {
        long seed = RocketMqOracle.seed();
        Random random = new Random(seed);
        PullMessageRequestHeader ours = new PullMessageRequestHeader();
        for (int round = 0; round < ROUNDS; round++) {
            var theirs = new org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader();
            RocketMqOracle.randomize(theirs, random);
            HashMap<String, String> wire = RocketMqOracle.flatten(RemotingCommand.createRequestCommand(11, theirs));
            String context = "seed " + seed + " round " + round + " " + wire;

            ours.decode(extFields(wire), names);
            assertThat(view(ours)).as(context).isEqualTo(values(theirs));

            ExtFields json = new ExtFields();
            ours.encode(json);
            assertThat(keys(json)).as(context).containsExactlyElementsOf(wire.keySet());
            assertThat(map(json)).as(context).isEqualTo(wire);
            assertThat(values(RocketMqOracle.decode(map(json), theirs.getClass()))).as(context).isEqualTo(values(theirs));

            ExtFields binary = new ExtFields();
            ours.encode(binary, SerializeType.ROCKETMQ);
            Map<String, String> fastCodes = fastCodesEntries(theirs);
            assertThat(keys(binary)).as(context).containsExactlyElementsOf(fastCodes.keySet());
            assertThat(map(binary)).as(context).isEqualTo(fastCodes);
        }
    }

    @Test
    void defaultsThe5xOnlyFieldsWhenA498ClientLeavesThemOut() {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        header.decode(captured(), names);
        assertThat(header.hasMaxMsgBytes()).isTrue();
        header.decode(fourNineEight(), names);
        assertThat(header.hasMaxMsgBytes()).isFalse();
        assertThat(header.maxMsgBytes()).isEqualTo(Integer.MAX_VALUE);
        assertThat(header.brokerName()).isNull();
        assertThat(header.subscription()).isNull();
        assertThat(header.expressionType()).isEqualTo("TAG");
    }

    @Test
    void internsNames() {
        PullMessageRequestHeader first = new PullMessageRequestHeader();
        first.decode(captured(), names);
        PullMessageRequestHeader second = new PullMessageRequestHeader();
        second.decode(captured(), names);
        assertThat(second.consumerGroup()).isSameAs(first.consumerGroup()).isEqualTo("capture_consumer_group");
        assertThat(second.topic()).isSameAs(first.topic());
        assertThat(second.expressionType()).isSameAs(first.expressionType());
        assertThat(second.brokerName()).isSameAs(first.brokerName()).isEqualTo("broker-a");
    }

    @Test
    void reportsMissingAndMalformedFieldsByName() {
        ExtFields noQueueId = new ExtFields();
        captured().toMap().forEach((key, value) -> {
            if (!key.equals("queueId")) {
                noQueueId.add(key, value);
            }
        });
        assertThatThrownBy(() -> new PullMessageRequestHeader().decode(noQueueId, names))
            .isInstanceOf(MalformedHeaderException.class)
            .hasMessage("PullMessageRequestHeader: required field 'queueId' is missing");
        assertThatThrownBy(() -> new PullMessageRequestHeader().decode(captured().add("queueOffset", "-"), names))
            .hasMessage("PullMessageRequestHeader: field 'queueOffset' is not a long: '-'");
        assertThatThrownBy(() -> new PullMessageRequestHeader().decode(captured().add("maxMsgBytes", "99999999999"), names))
            .hasMessage("PullMessageRequestHeader: field 'maxMsgBytes' is not an int: '99999999999'");
        assertThatThrownBy(() -> new PullMessageRequestHeader().decode(new ExtFields(), names))
            .hasMessage("PullMessageRequestHeader: required field 'consumerGroup' is missing");
    }

    /** The ext map of a 5.4.0 push consumer's pull (consumer-rocketmq.txt, frame 30). */
    static ExtFields captured() {
        return new ExtFields().add("consumerGroup", "capture_consumer_group").add("topic", "CaptureTopic")
            .add("queueId", "2").add("queueOffset", "0").add("maxMsgNums", "32").add("sysFlag", "2")
            .add("commitOffset", "0").add("suspendTimeoutMillis", "15000").add("subVersion", "1796002088890")
            .add("expressionType", "TAG").add("maxMsgBytes", "262144").add("bname", "broker-a");
    }

    /** What a 4.9.8 push consumer sends: no maxMsgBytes, no bname. */
    private static ExtFields fourNineEight() {
        return new ExtFields().add("consumerGroup", "g").add("topic", "t").add("queueId", "0").add("queueOffset", "5")
            .add("maxMsgNums", "32").add("sysFlag", "3").add("commitOffset", "4").add("suspendTimeoutMillis", "15000")
            .add("subVersion", "1").add("expressionType", "TAG");
    }
}
