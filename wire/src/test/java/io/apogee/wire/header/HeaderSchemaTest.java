package io.apogee.wire.header;

import static io.apogee.wire.header.RocketMqOracle.keys;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import org.junit.jupiter.api.Test;

/** What every field-table header does with absent, null, duplicate and malformed fields, shown on real headers. */
class HeaderSchemaTest {
    private final InternTable names = new InternTable(64, 64);

    private static ExtFields offsetQuery() {
        return new ExtFields().add("consumerGroup", "G").add("topic", "T").add("queueId", "3");
    }

    @Test
    void readsEveryKindOfField() {
        QueryConsumerOffsetRequestHeader header = new QueryConsumerOffsetRequestHeader();
        header.decode(offsetQuery().add("setZeroIfNotFound", "false").add("bname", "broker-a").add("lo", "TRUE"), names);
        assertThat(header.consumerGroup()).isEqualTo("G");
        assertThat(header.topic()).isEqualTo("T");
        assertThat(header.queueId()).isEqualTo(3);
        assertThat(header.setZeroIfNotFound()).isFalse();
        assertThat(header.brokerName()).isEqualTo("broker-a");
        assertThat(header.logical()).isTrue();
        assertThat(header.namespace()).isNull();
        assertThat(header).hasToString("QueryConsumerOffsetRequestHeader{consumerGroup=G, topic=T, queueId=3, "
            + "setZeroIfNotFound=false, bname=broker-a, lo=true}");
    }

    @Test
    void reportsTheFirstMissingRequiredField() {
        assertThatThrownBy(() -> new QueryConsumerOffsetRequestHeader().decode(new ExtFields().add("topic", "T"), names))
            .isInstanceOf(MalformedHeaderException.class)
            .hasMessage("QueryConsumerOffsetRequestHeader: required field 'consumerGroup' is missing");
        assertThatThrownBy(() -> new UpdateConsumerOffsetRequestHeader().decode(offsetQuery(), names))
            .hasMessage("UpdateConsumerOffsetRequestHeader: required field 'commitOffset' is missing");
    }

    @Test
    void reportsMalformedNumbersWithTheirValue() {
        assertThatThrownBy(() -> new QueryConsumerOffsetRequestHeader().decode(offsetQuery().add("queueId", "three"), names))
            .isInstanceOf(MalformedHeaderException.class)
            .hasMessage("QueryConsumerOffsetRequestHeader: field 'queueId' is not an int: 'three'")
            .extracting(e -> ((MalformedHeaderException) e).problem()).isEqualTo(MalformedHeaderException.Problem.MALFORMED);
        String longValue = "9".repeat(100);
        assertThatThrownBy(() -> new ConsumerSendMsgBackRequestHeader().decode(new ExtFields().add("offset", 1).add("group", "G")
            .add("delayLevel", 0).add("maxReconsumeTimes", longValue), names))
            .hasMessage("ConsumerSendMsgBackRequestHeader: field 'maxReconsumeTimes' is not an int: '" + "9".repeat(64) + "...'");
        assertThatThrownBy(() -> new RegisterBrokerRequestHeader().decode(new ExtFields().add("heartbeatTimeoutMillis", "1e3"),
            names)).hasMessage("RegisterBrokerRequestHeader: field 'heartbeatTimeoutMillis' is not a long: '1e3'");
    }

    @Test
    void takesTheLastOfDuplicateKeysAndANullValueAsAbsent() {
        ExtFields ext = offsetQuery().add("queueId", "oops").add("queueId", "9");
        appendNull(ext, "setZeroIfNotFound");
        QueryConsumerOffsetRequestHeader header = new QueryConsumerOffsetRequestHeader();
        header.decode(ext.add("setZeroIfNotFound", "true"), names);
        assertThat(header.queueId()).isEqualTo(9);
        assertThat(header.setZeroIfNotFound()).isTrue();

        ExtFields nulled = offsetQuery().add("setZeroIfNotFound", "true");
        appendNull(nulled, "setZeroIfNotFound");
        header.decode(nulled, names);
        assertThat(header.setZeroIfNotFound()).isNull();

        ExtFields requiredNull = offsetQuery();
        appendNull(requiredNull, "topic");
        assertThatThrownBy(() -> header.decode(requiredNull, names))
            .hasMessage("QueryConsumerOffsetRequestHeader: required field 'topic' is missing");
    }

    @Test
    void defaultsFieldsThatOlderClientsLeaveOut() {
        GetMaxOffsetRequestHeader maxOffset = new GetMaxOffsetRequestHeader();
        maxOffset.decode(new ExtFields().add("topic", "T").add("queueId", 0), names);
        assertThat(maxOffset.committed()).isTrue();
        maxOffset.decode(new ExtFields().add("topic", "T").add("queueId", 0).add("committed", "false"), names);
        assertThat(maxOffset.committed()).isFalse();

        RegisterBrokerRequestHeader register = new RegisterBrokerRequestHeader();
        register.decode(new ExtFields().add("brokerName", "b").add("brokerAddr", "a:1").add("clusterName", "c")
            .add("haServerAddr", "a:2").add("brokerId", 0), names);
        assertThat(register.compressed()).isFalse();
        assertThat(register.bodyCrc32()).isZero();
        assertThat(register.heartbeatTimeoutMillis()).isNull();

        GetAllTopicConfigRequestHeader page = new GetAllTopicConfigRequestHeader();
        page.decode(new ExtFields(), names); // a client before 5.3 sends no header at all
        assertThat(page.topicSeq()).isNull();
        assertThat(page.maxTopicNum()).isNull();
    }

    @Test
    void readsTheBoundaryTypeAsRocketMqDoes() {
        SearchOffsetRequestHeader header = new SearchOffsetRequestHeader();
        ExtFields base = new ExtFields().add("topic", "T").add("queueId", 0).add("timestamp", 1L);
        header.decode(base, names);
        assertThat(header.boundaryType()).isNull();
        for (String upper : new String[] {"UPPER", "upper", "uPpEr"}) {
            header.decode(new ExtFields().addAll(base).add("boundaryType", upper), names);
            assertThat(header.boundaryType()).isEqualTo(BoundaryType.UPPER);
        }
        for (String lower : new String[] {"LOWER", "", "uppers", "nonsense"}) {
            header.decode(new ExtFields().addAll(base).add("boundaryType", lower), names);
            assertThat(header.boundaryType()).isEqualTo(BoundaryType.LOWER);
        }
    }

    @Test
    void encodesOnlyWhatIsSetAndAClearedHeaderOnlyItsNumbers() {
        GetMaxOffsetRequestHeader header = new GetMaxOffsetRequestHeader().topic("T").queueId(2).brokerName("b");
        ExtFields encoded = new ExtFields();
        header.encode(encoded);
        assertThat(keys(encoded)).containsExactly("queueId", "committed", "bname", "topic");
        header.clear();
        ExtFields cleared = new ExtFields();
        header.encode(cleared);
        assertThat(keys(cleared)).containsExactly("queueId", "committed");
        ExtFields nothing = new ExtFields();
        new EmptyRpcRequestHeader().encode(nothing);
        assertThat(nothing.isEmpty()).isTrue();
    }

    @Test
    void internsNames() {
        UnregisterClientRequestHeader first = new UnregisterClientRequestHeader();
        first.decode(new ExtFields().add("clientID", "127.0.0.1@x").add("producerGroup", "P"), names);
        UnregisterClientRequestHeader second = new UnregisterClientRequestHeader();
        second.decode(new ExtFields().add("clientID", "127.0.0.1@x").add("producerGroup", "P"), names);
        assertThat(second.clientId()).isSameAs(first.clientId());
        assertThat(second.producerGroup()).isSameAs(first.producerGroup());
    }

    private static void appendNull(ExtFields ext, String key) {
        int start = ext.position();
        ext.writeUtf8(key);
        ext.commit(start, ext.position(), -1, -1);
    }
}
