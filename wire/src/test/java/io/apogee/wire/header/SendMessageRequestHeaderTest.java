package io.apogee.wire.header;

import static io.apogee.wire.header.RocketMqOracle.extFields;
import static io.apogee.wire.header.RocketMqOracle.fastCodesEntries;
import static io.apogee.wire.header.RocketMqOracle.keys;
import static io.apogee.wire.header.RocketMqOracle.map;
import static io.apogee.wire.header.RocketMqOracle.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.common.text.InternTable;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.SerializeType;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.Test;

class SendMessageRequestHeaderTest {
    private static final int ROUNDS = 300;
    private static final List<String> V2_KEYS = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n");
    private static final List<String> V1_KEYS = List.of("producerGroup", "topic", "defaultTopic", "defaultTopicQueueNums",
        "queueId", "sysFlag", "bornTimestamp", "flag", "properties", "reconsumeTimes", "unitMode", "maxReconsumeTimes",
        "batch", "bname");
    /** V1 keys of RocketMQ's superclasses that a send ignores; kept null in the random headers. */
    private static final List<String> IGNORED_V1_FIELDS = List.of("ns", "nsd", "oway", "lo");

    private final InternTable names = new InternTable(1024, 512);

    /** Our header's fields under the given keys, absent optional ones as null. */
    private static Map<String, Object> view(SendMessageRequestHeader header, List<String> keys) {
        Object[] values = {header.producerGroup(), header.topic(), header.defaultTopic(), header.defaultTopicQueueNums(),
            header.queueId(), header.sysFlag(), header.bornTimestamp(), header.flag(), header.propertiesString(),
            header.hasReconsumeTimes() ? header.reconsumeTimes() : null, header.hasUnitMode() ? header.unitMode() : null,
            header.hasMaxReconsumeTimes() ? header.maxReconsumeTimes() : null, header.hasBatch() ? header.batch() : null,
            header.brokerName()};
        Map<String, Object> view = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            view.put(keys.get(i), values[i]);
        }
        return view;
    }

    @Test
    void v2DecodesWhatRocketMqSendsAndEncodesWhatRocketMqReadsInBothSerializations() {
        long seed = RocketMqOracle.seed();
        Random random = new Random(seed);
        SendMessageRequestHeader ours = new SendMessageRequestHeader();
        for (int round = 0; round < ROUNDS; round++) {
            SendMessageRequestHeaderV2 theirs = new SendMessageRequestHeaderV2();
            for (Field field : RocketMqOracle.fieldsOf(SendMessageRequestHeaderV2.class)) {
                if (V2_KEYS.contains(field.getName())) {
                    boolean optional = field.getName().compareTo("i") >= 0;
                    RocketMqOracle.set(field, theirs, optional && random.nextInt(3) == 0 ? null
                        : RocketMqOracle.randomValue(field.getType(), random));
                }
            }
            HashMap<String, String> wire = RocketMqOracle.flatten(RemotingCommand.createRequestCommand(310, theirs));
            String context = "seed " + seed + " round " + round + " " + wire;

            ours.decode(RequestCode.SEND_MESSAGE_V2, extFields(wire), names);
            Map<String, Object> expected = values(theirs);
            expected.keySet().retainAll(V2_KEYS);
            assertThat(view(ours, V2_KEYS)).as(context).isEqualTo(expected);

            ExtFields json = new ExtFields();
            ours.encode(json);
            assertThat(keys(json)).as(context).containsExactlyElementsOf(wire.keySet());
            assertThat(map(json)).as(context).isEqualTo(wire);
            assertThat(values(RocketMqOracle.decode(map(json), SendMessageRequestHeaderV2.class))).as(context)
                .isEqualTo(values(theirs));

            ExtFields binary = new ExtFields();
            ours.encode(binary, SerializeType.ROCKETMQ);
            Map<String, String> fastCodes = fastCodesEntries(theirs);
            assertThat(keys(binary)).as(context).containsExactlyElementsOf(fastCodes.keySet());
            assertThat(map(binary)).as(context).isEqualTo(fastCodes);
        }
    }

    @Test
    void v1DecodesWhatRocketMqSendsAndEncodesWhatRocketMqReads() {
        long seed = RocketMqOracle.seed();
        Random random = new Random(seed);
        SendMessageRequestHeader ours = new SendMessageRequestHeader();
        for (int round = 0; round < ROUNDS; round++) {
            var theirs = new org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader();
            RocketMqOracle.randomize(theirs, random);
            for (Field field : RocketMqOracle.fieldsOf(theirs.getClass())) {
                if (IGNORED_V1_FIELDS.contains(field.getName())) {
                    RocketMqOracle.set(field, theirs, null);
                }
            }
            HashMap<String, String> wire = RocketMqOracle.flatten(RemotingCommand.createRequestCommand(10, theirs));
            String context = "seed " + seed + " round " + round + " " + wire;

            ours.decode(RequestCode.SEND_MESSAGE, extFields(wire), names);
            Map<String, Object> expected = values(theirs);
            expected.keySet().removeAll(IGNORED_V1_FIELDS);
            assertThat(view(ours, V1_KEYS)).as(context).isEqualTo(expected);

            ExtFields encoded = new ExtFields();
            ours.encode(encoded, SerializeType.ROCKETMQ);
            assertThat(keys(encoded)).as(context).containsExactlyElementsOf(wire.keySet());
            assertThat(map(encoded)).as(context).isEqualTo(wire);
            assertThat(values(RocketMqOracle.decode(map(encoded), theirs.getClass()))).as(context).isEqualTo(values(theirs));
        }
    }

    @Test
    void aBrokerSeesV1AndV2AlikeAsRocketMqConvertsThem() {
        Random random = new Random(RocketMqOracle.seed());
        SendMessageRequestHeaderV2 v2 = new SendMessageRequestHeaderV2();
        RocketMqOracle.randomize(v2, random);
        var v1 = SendMessageRequestHeaderV2.createSendMessageRequestHeaderV1(v2);
        HashMap<String, String> v2Wire = RocketMqOracle.flatten(RemotingCommand.createRequestCommand(310, v2));
        HashMap<String, String> v1Wire = RocketMqOracle.flatten(RemotingCommand.createRequestCommand(10, v1));

        SendMessageRequestHeader fromV2 = new SendMessageRequestHeader().decode(310, extFields(v2Wire), names);
        SendMessageRequestHeader fromV1 = new SendMessageRequestHeader().decode(10, extFields(v1Wire), names);
        assertThat(view(fromV2, V1_KEYS)).isEqualTo(view(fromV1, V1_KEYS));

        ExtFields reencoded = new ExtFields();
        fromV2.keys(SendHeaderKeys.V1).encode(reencoded);
        Map<String, Object> v1Values = values(v1);
        v1Values.keySet().removeAll(IGNORED_V1_FIELDS);
        Map<String, Object> readBack = values(RocketMqOracle.decode(map(reencoded), v1.getClass()));
        readBack.keySet().removeAll(IGNORED_V1_FIELDS);
        assertThat(readBack).isEqualTo(v1Values);
    }

    @Test
    void ignoresTheKeysRocketMqsV2DecoderIgnores() {
        ExtFields ext = capturedV2().add("bname", "other").add("ns", "namespace").add("o", "1").add("topic", "Other");
        SendMessageRequestHeader header = new SendMessageRequestHeader().decode(310, ext, names);
        assertThat(header.topic()).isEqualTo("CaptureTopic");
        assertThat(header.brokerName()).isEqualTo("broker-a");
    }

    @Test
    void picksTheKeySetByRequestCode() {
        assertThat(SendHeaderKeys.forRequestCode(RequestCode.SEND_MESSAGE)).isEqualTo(SendHeaderKeys.V1);
        assertThat(SendHeaderKeys.forRequestCode(RequestCode.SEND_REPLY_MESSAGE)).isEqualTo(SendHeaderKeys.V1);
        assertThat(SendHeaderKeys.forRequestCode(RequestCode.SEND_MESSAGE_V2)).isEqualTo(SendHeaderKeys.V2);
        assertThat(SendHeaderKeys.forRequestCode(RequestCode.SEND_BATCH_MESSAGE)).isEqualTo(SendHeaderKeys.V2);
        assertThat(SendHeaderKeys.forRequestCode(RequestCode.SEND_REPLY_MESSAGE_V2)).isEqualTo(SendHeaderKeys.V2);
        assertThatThrownBy(() -> SendHeaderKeys.forRequestCode(RequestCode.PULL_MESSAGE))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PULL_MESSAGE(11)");
    }

    @Test
    void internsNamesAndKeepsPropertiesAsBytes() {
        SendMessageRequestHeader first = new SendMessageRequestHeader().decode(310, capturedV2(), names);
        SendMessageRequestHeader second = new SendMessageRequestHeader().decode(310, capturedV2(), names);
        assertThat(second.producerGroup()).isSameAs(first.producerGroup()).isEqualTo("capture_producer_group");
        assertThat(second.topic()).isSameAs(first.topic());
        assertThat(second.defaultTopic()).isSameAs(first.defaultTopic()).isEqualTo("TBW102");
        assertThat(second.brokerName()).isSameAs(first.brokerName());
        assertThat(first.properties().contentEquals("KEYS\u0001key-1\u0002WAIT\u0001true\u0002")).isTrue();
        assertThat(first.properties().length()).isEqualTo(21);
        assertThat(first.propertiesString()).isEqualTo("KEYS\u0001key-1\u0002WAIT\u0001true\u0002");
    }

    @Test
    void reportsAMissingRequiredFieldByKeyAndMeaning() {
        ExtFields ext = new ExtFields().add("a", "g").add("c", "TBW102").add("d", 4).add("e", 0).add("f", 0).add("g", 1L)
            .add("h", 0);
        assertThatThrownBy(() -> new SendMessageRequestHeader().decode(310, ext, names))
            .isInstanceOf(MalformedHeaderException.class)
            .hasMessage("SendMessageRequestHeader: required field 'b (topic)' is missing")
            .satisfies(e -> {
                MalformedHeaderException error = (MalformedHeaderException) e;
                assertThat(error.field()).isEqualTo("b (topic)");
                assertThat(error.problem()).isEqualTo(MalformedHeaderException.Problem.MISSING);
                assertThat(error.getStackTrace()).isEmpty();
            });
        assertThatThrownBy(() -> new SendMessageRequestHeader().decode(10, new ExtFields().add("topic", "T"), names))
            .hasMessage("SendMessageRequestHeader: required field 'producerGroup' is missing");
    }

    @Test
    void reportsAMalformedNumberWithItsValue() {
        assertThatThrownBy(() -> new SendMessageRequestHeader().decode(310, capturedV2().add("e", "x1"), names))
            .isInstanceOf(MalformedHeaderException.class)
            .hasMessage("SendMessageRequestHeader: field 'e (queueId)' is not an int: 'x1'");
        assertThatThrownBy(() -> new SendMessageRequestHeader().decode(310, capturedV2().add("e", "2147483648"), names))
            .hasMessageContaining("is not an int");
        assertThatThrownBy(() -> new SendMessageRequestHeader().decode(310, capturedV2().add("g", ""), names))
            .hasMessage("SendMessageRequestHeader: field 'g (bornTimestamp)' is not a long: ''");
        assertThatThrownBy(() -> new SendMessageRequestHeader().decode(310, capturedV2().add("j", "1.5"), names))
            .hasMessageContaining("'j (reconsumeTimes)' is not an int");
    }

    @Test
    void theLastOfDuplicateKeysWinsAndANullValueIsAbsent() {
        ExtFields ext = capturedV2().add("e", "7").add("j", "3");
        SendMessageRequestHeader header = new SendMessageRequestHeader().decode(310, ext, names);
        assertThat(header.queueId()).isEqualTo(7);
        assertThat(header.reconsumeTimes()).isEqualTo(3);

        ExtFields nulled = capturedV2();
        int keyStart = nulled.position();
        nulled.writeUtf8("j");
        nulled.commit(keyStart, nulled.position(), -1, -1);
        SendMessageRequestHeader absent = new SendMessageRequestHeader().decode(310, nulled, names);
        assertThat(absent.hasReconsumeTimes()).isFalse();
        assertThat(absent.reconsumeTimes()).isZero();
        // a malformed value that a later duplicate replaces is never read, as in RocketMQ's HashMap
        assertThat(new SendMessageRequestHeader().decode(310, capturedV2().add("e", "bad").add("e", "2"), names).queueId())
            .isEqualTo(2);
    }

    @Test
    void reusingAHeaderLeavesNothingOfTheLastDecode() {
        SendMessageRequestHeader header = new SendMessageRequestHeader().decode(310, capturedV2().add("l", "16"), names);
        assertThat(header.hasMaxReconsumeTimes()).isTrue();
        header.decode(310, capturedV2(), names);
        assertThat(header.hasMaxReconsumeTimes()).isFalse();
        header.properties((CharSequence) null);
        ExtFields encoded = new ExtFields();
        header.encode(encoded);
        assertThat(keys(encoded)).doesNotContain("i", "l");
    }

    /** A V2 ext map as the 5.4.0 producer sends it (the first send of producer-rocketmq.txt, short properties). */
    static ExtFields capturedV2() {
        return new ExtFields().add("a", "capture_producer_group").add("b", "CaptureTopic").add("c", "TBW102").add("d", "4")
            .add("e", "0").add("f", "0").add("g", "1796002084030").add("h", "0")
            .add("i", "KEYS\u0001key-1\u0002WAIT\u0001true\u0002").add("j", "0").add("k", "false").add("m", "false")
            .add("n", "broker-a");
    }
}
