package io.apogee.broker.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The message-size histogram: each size lands in the first bucket whose bound it does not pass, the sum adds up. */
class MessageSizesTest {
    @Test
    void eachSizeLandsInItsBucket() {
        MessageSizes sizes = new MessageSizes();
        sizes.record(0);
        sizes.record(1024); // a bound belongs to its own bucket ("le")
        sizes.record(1025);
        sizes.record(600 << 10);
        sizes.record(4 << 20);
        sizes.record((4 << 20) + 1);
        assertThat(sizes.counts()).containsExactly(2, 1, 0, 1, 0, 1, 1);
        assertThat(sizes.sum()).isEqualTo(1024 + 1025 + (600 << 10) + (4 << 20) + (4 << 20) + 1);
    }
}
