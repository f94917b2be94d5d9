package io.apogee.common.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class DistinctErrorLogTest {
    @Test
    void countsRepeatsAndKeepsFirstAndLastTimes() {
        ManualClock clock = new ManualClock(1_000);
        DistinctErrorLog log = new DistinctErrorLog(clock, 2, (role, error) -> { });
        assertThat(log.record("appender", failure("disk"))).isTrue();
        clock.advanceMillis(5);
        assertThat(log.record("appender", failure("disk"))).isFalse();
        assertThat(log.record("flusher", failure("disk"))).isTrue();
        assertThat(log.record("flusher", new IOException("other"))).isFalse();
        assertThat(log.distinctCount()).isEqualTo(2);
        assertThat(log.overflowCount()).isEqualTo(1);
        assertThat(log.totalCount()).isEqualTo(4);
        DistinctErrorLog.Entry first = log.entries().getFirst();
        assertThat(first.count()).isEqualTo(2);
        assertThat(first.firstMillis()).isEqualTo(1_000);
        assertThat(first.lastMillis()).isEqualTo(1_005);
    }

    private static IOException failure(String message) {
        return new IOException(message); // same line each time, so the same top frame
    }
}
