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

class SendMessageResponseHeaderTest {
    private static final int ROUNDS = 300;
    private static final String MSG_REGION = "MSG_REGION";
    private static final String TRACE_ON = "TRACE_ON";

    private final InternTable names = new InternTable(1024, 512);

    private static Map<String, Object> view(SendMessageResponseHeader header) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("msgId", header.msgId());
        view.put("queueId", header.queueId());
        view.put("queueOffset", header.queueOffset());
        view.put("transactionId", header.transactionId());
        view.put("batchUniqId", header.batchUniqId());
        view.put("recallHandle", header.recallHandle());
        return view;
    }

    /**
     * As a RocketMQ 5.4.0 broker answers a send: {@code createResponseCommand(SendMessageResponseHeader.class)}, then
     * {@code addExtField} of MSG_REGION and TRACE_ON, then the header's fields; mostly both ext fields, sometimes one
     * or none to cover every map size.
     */
    @Test
    void decodesWhatABrokerSendsAndEncodesItInTheBrokersOrderForBothSerializations() {
        long seed = RocketMqOracle.seed();
        Random random = new Random(seed);
        SendMessageResponseHeader ours = new SendMessageResponseHeader();
        for (int round = 0; round < ROUNDS; round++) {
            RemotingCommand response = RemotingCommand.createResponseCommand(
                org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader.class);
            String region = random.nextInt(4) > 0 ? RocketMqOracle.randomString(random) : null;
            String traceOn = random.nextInt(4) > 0 ? String.valueOf(random.nextBoolean()) : null;
            if (region != null) {
                response.addExtField(MSG_REGION, region);
            }
            if (traceOn != null) {
                response.addExtField(TRACE_ON, traceOn);
            }
            CommandCustomHeader theirs = response.readCustomHeader();
            RocketMqOracle.randomize(theirs, random);
            Map<String, String> binaryWire = RocketMqOracle.binaryExtEntries(response);
            HashMap<String, String> wire = RocketMqOracle.flatten(response);
            String context = "seed " + seed + " round " + round + " " + wire;

            ours.decode(extFields(wire), names);
            assertThat(view(ours)).as(context).isEqualTo(values(theirs));
            assertThat(ours.region()).as(context).isEqualTo(region);
            assertThat(ours.hasTraceOn() ? String.valueOf(ours.traceOn()) : null).as(context).isEqualTo(traceOn);

            ExtFields json = new ExtFields();
            ours.encode(json);
            assertThat(keys(json)).as(context).containsExactlyElementsOf(wire.keySet());
            assertThat(map(json)).as(context).isEqualTo(wire);
            assertThat(values(RocketMqOracle.decode(map(json), theirs.getClass()))).as(context).isEqualTo(values(theirs));

            ExtFields binary = new ExtFields();
            ours.encode(binary, SerializeType.ROCKETMQ);
            assertThat(keys(binary)).as(context).containsExactlyElementsOf(binaryWire.keySet());
            assertThat(map(binary)).as(context).isEqualTo(binaryWire);
        }
    }

    @Test
    void encodesTheCapturedBrokerResponseKeyForKey() {
        ExtFields captured = new ExtFields().add("queueId", "0")
            .add("transactionId", "FD000000000000000000000000000002608C30946E0995A892220000")
            .add("msgId", "7F00000100002A9F0000000000000000").add(TRACE_ON, "true").add(MSG_REGION, "DefaultRegion")
            .add("queueOffset", "0");
        SendMessageResponseHeader header = new SendMessageResponseHeader();
        header.decode(captured, names);
        ExtFields encoded = new ExtFields();
        header.encode(encoded);
        assertThat(map(encoded)).containsExactlyEntriesOf(map(captured));
    }

    @Test
    void reportsMissingAndMalformedFields() {
        assertThatThrownBy(() -> new SendMessageResponseHeader().decode(new ExtFields().add("queueId", 1).add("queueOffset", 2),
            names)).hasMessage("SendMessageResponseHeader: required field 'msgId' is missing");
        assertThatThrownBy(() -> new SendMessageResponseHeader().decode(new ExtFields().add("msgId", "m").add("queueId", "q")
            .add("queueOffset", 2), names)).hasMessage("SendMessageResponseHeader: field 'queueId' is not an int: 'q'");
    }
}
