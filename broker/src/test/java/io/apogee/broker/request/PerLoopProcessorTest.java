package io.apogee.broker.request;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Connection;
import io.apogee.wire.code.ResponseCode;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A family on the I/O threads makes one processor per event loop, on that loop's first request, and keeps it. */
class PerLoopProcessorTest {
    private static final int CODE = 1000;

    @Test
    void eachLoopGetsItsOwnProcessorOnce() {
        AtomicInteger made = new AtomicInteger();
        PerLoopProcessor perLoop = new PerLoopProcessor(() -> {
            int number = made.incrementAndGet();
            return exchange -> exchange.reply(ResponseCode.SUCCESS, "processor " + number);
        });
        try (ProcessorHarness harness = new ProcessorHarness(perLoop, CODE)) {
            assertThat(made).as("made on the first request, not before").hasValue(0);
            assertThat(harness.send(CODE, null).remark()).isEqualTo("processor 1");
            assertThat(harness.send(CODE, null).remark()).isEqualTo("processor 1");
            Connection other = harness.connect(); // an embedded channel has an event loop of its own
            assertThat(other.send(CODE, null, null).remark()).isEqualTo("processor 2");
            assertThat(harness.send(CODE, null).remark()).isEqualTo("processor 1");
            assertThat(made).hasValue(2);
        }
    }
}
