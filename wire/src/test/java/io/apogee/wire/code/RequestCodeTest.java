package io.apogee.wire.code;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestCodeTest {
    @Test
    void hasEveryRocketMqRequestCodeUnderTheSameNameAndValue() {
        Map<String, Integer> theirs = CodeConstants.of(org.apache.rocketmq.remoting.protocol.RequestCode.class);
        Map<String, Integer> ours = CodeConstants.of(RequestCode.class);
        assertThat(theirs).hasSizeGreaterThan(150);
        assertThat(ours).containsExactlyInAnyOrderEntriesOf(theirs);
    }

    @Test
    void namesEveryConstantAsItIsCalled() {
        CodeConstants.of(RequestCode.class).forEach((name, code) -> {
            assertThat(RequestCode.name(code)).as("code %d", code).isEqualTo(name);
            assertThat(RequestCode.describe(code)).isEqualTo(name + "(" + code + ")");
        });
    }

    @Test
    void leavesUnknownCodesUnnamed() {
        assertThat(RequestCode.name(4711)).isNull();
        assertThat(RequestCode.describe(4711)).isEqualTo("4711");
        assertThat(RequestCode.name(-1)).isNull();
    }

    @Test
    void describesTheCatalogueCodes() {
        assertThat(RequestCode.describe(310)).isEqualTo("SEND_MESSAGE_V2(310)");
        assertThat(RequestCode.describe(361)).isEqualTo("LITE_PULL_MESSAGE(361)");
        assertThat(RequestCode.describe(200050)).isEqualTo("POP_MESSAGE(200050)");
        assertThat(RequestCode.describe(400)).isEqualTo("QUERY_ASSIGNMENT(400)");
    }
}
