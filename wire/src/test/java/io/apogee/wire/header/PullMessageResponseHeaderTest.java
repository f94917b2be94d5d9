package io.apogee.wire.header;

import static io.apogee.wire.header.RocketMqOracle.extFields;
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
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.api.Test;

class PullMessageResponseHeaderTest {
    private static final int ROUNDS = 300;

    private final InternTable names = new InternTable(64, 64);

    private static Map<String, Object> view(PullMessageResponseHeader header) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("suggestWhichBrokerId", header.suggestWhichBrokerId());
        view.put("nextBeginOffset", header.nextBeginOffset());
        view.put("minOffset", header.minOffset());
        view.put("maxOffset", header.maxOffset());
        view.put("offsetDelta", header.hasOffsetDelta() ? header.offsetDelta() : null);
        view.put("topicSysFlag", header.hasTopicSysFlag() ? header.topicSysFlag() : null);
        view.put("groupSysFlag", header.hasGroupSysFlag() ? header.groupSysFlag() : null);
        view.put("forbiddenType", header.hasForbiddenType() ? header.forbiddenType() : null);
        return view;
    }

    @Test
    void decodesWhatABrokerSendsAndEncodesItInTheBrokersOrderForBothSerializations() {
        long seed = RocketMqOracle.seed();
        Random random = new Random(seed);
        PullMessageResponseHeader ours = new PullMessageResponseHeader();
        for (int round = 0; round < ROUNDS; round++) {
            RemotingCommand response = RemotingCommand.createResponseCommand(
                org.apache.rocketmq.remoting.protocol.header.PullMessageResponseHeader.class);
            CommandCustomHeader theirs = response.readCustomHeader();
            RocketMqOracle.randomize(theirs, random);
            Map<String, String> binaryWire = RocketMqOracle.binaryExtEntries(response);
            HashMap<String, String> wire = RocketMqOracle.flatten(response);
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
            assertThat(map(binary)).as(context).containsExactlyEntriesOf(binaryWire);
        }
    }

    @Test
    void encodesTheCapturedBrokerResponseKeyForKey() {
        PullMessageResponseHeader header = new PullMessageResponseHeader().suggestWhichBrokerId(0).nextBeginOffset(1)
            .minOffset(0).maxOffset(1).topicSysFlag(0).groupSysFlag(0);
        ExtFields encoded = new ExtFields();
        header.encode(encoded);
        assertThat(keys(encoded)).containsExactly("suggestWhichBrokerId", "groupSysFlag", "nextBeginOffset", "maxOffset",
            "minOffset", "topicSysFlag");
    }

    @Test
    void aClearedHeaderWritesTheFourRequiredFieldsOnly() {
        PullMessageResponseHeader header = new PullMessageResponseHeader().offsetDelta(5).forbiddenType(1);
        header.clear();
        ExtFields encoded = new ExtFields();
        header.encode(encoded, SerializeType.ROCKETMQ);
        assertThat(keys(encoded)).containsExactly("suggestWhichBrokerId", "nextBeginOffset", "minOffset", "maxOffset");
    }

    @Test
    void reportsMissingAndMalformedFields() {
        assertThatThrownBy(() -> new PullMessageResponseHeader().decode(new ExtFields().add("suggestWhichBrokerId", 0)
            .add("nextBeginOffset", 1).add("maxOffset", 1), names))
            .hasMessage("PullMessageResponseHeader: required field 'minOffset' is missing");
        assertThatThrownBy(() -> new PullMessageResponseHeader().decode(new ExtFields().add("topicSysFlag", "4294967296"),
            names)).hasMessage("PullMessageResponseHeader: field 'topicSysFlag' is not an int: '4294967296'");
    }
}
