package io.apogee.broker.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.wire.code.ResponseCode;
import org.junit.jupiter.api.Test;

/** Several processors behind one family, each for its own codes. */
class ProcessorSwitchTest {
    @Test
    void eachCodeReachesItsProcessor() {
        ProcessorSwitch processors = new ProcessorSwitch()
            .add(exchange -> exchange.reply(ResponseCode.SUCCESS, "first"), 1000, 1001)
            .add(exchange -> exchange.reply(ResponseCode.SUCCESS, "second"), 1002);
        assertThat(processors.codes()).containsExactly(1000, 1001, 1002);
        try (ProcessorHarness harness = new ProcessorHarness(processors, processors.codes())) {
            assertThat(harness.send(1000, null).remark()).isEqualTo("first");
            assertThat(harness.send(1001, null).remark()).isEqualTo("first");
            assertThat(harness.send(1002, null).remark()).isEqualTo("second");
        }
    }

    @Test
    void aCodeRoutedTwiceIsRefusedAndTheCodesAreACopy() {
        ProcessorSwitch processors = new ProcessorSwitch().add(exchange -> exchange.close(), 7);
        assertThatThrownBy(() -> processors.add(exchange -> exchange.close(), 8, 7))
            .isInstanceOf(IllegalArgumentException.class).hasMessage("code 7 is routed twice");
        processors.codes()[0] = 99;
        assertThat(processors.codes()).startsWith(7);
    }
}
