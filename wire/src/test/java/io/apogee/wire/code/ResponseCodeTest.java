package io.apogee.wire.code;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResponseCodeTest {
    @Test
    void hasEveryRocketMqResponseAndSystemCodeUnderTheSameNameAndValue() {
        Map<String, Integer> theirs = new HashMap<>(CodeConstants.of(org.apache.rocketmq.remoting.protocol.ResponseCode.class));
        theirs.putAll(CodeConstants.of(org.apache.rocketmq.remoting.protocol.RemotingSysResponseCode.class));
        assertThat(theirs).containsEntry("SUCCESS", 0).containsEntry("GO_AWAY", 1500);
        assertThat(CodeConstants.of(ResponseCode.class)).containsExactlyInAnyOrderEntriesOf(theirs);
    }

    @Test
    void namesEveryConstantAsItIsCalled() {
        CodeConstants.of(ResponseCode.class).forEach((name, code) ->
            assertThat(ResponseCode.name(code)).as("code %d", code).isEqualTo(name));
    }

    @Test
    void describesKnownAndUnknownCodes() {
        assertThat(ResponseCode.describe(17)).isEqualTo("TOPIC_NOT_EXIST(17)");
        assertThat(ResponseCode.describe(0)).isEqualTo("SUCCESS(0)");
        assertThat(ResponseCode.describe(-1000)).isEqualTo("RPC_UNKNOWN(-1000)");
        assertThat(ResponseCode.describe(99)).isEqualTo("99");
    }
}
