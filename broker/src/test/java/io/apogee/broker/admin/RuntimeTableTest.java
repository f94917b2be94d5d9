package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The runtime table's value formats, which mqadmin prints as they come: RocketMQ's sizes and run time. */
class RuntimeTableTest {
    @Test
    void byteCountsAreInBinaryUnitsWithOneDecimal() {
        assertThat(RuntimeTable.bytes(0)).isEqualTo("0 B");
        assertThat(RuntimeTable.bytes(1023)).isEqualTo("1023 B");
        assertThat(RuntimeTable.bytes(1536)).isEqualTo("1.5 KiB");
        assertThat(RuntimeTable.bytes((1L << 20) - 1)).isEqualTo("1024.0 KiB");
        assertThat(RuntimeTable.bytes(252L << 30)).isEqualTo("252.0 GiB");
        assertThat(RuntimeTable.bytes(3L << 40)).isEqualTo("3.0 TiB");
    }

    @Test
    void theRunTimeIsInDaysHoursMinutesAndSeconds() {
        assertThat(RuntimeTable.runtime(36_999)).isEqualTo("[ 0 days, 0 hours, 0 minutes, 36 seconds ]");
        long millis = ((((2L * 24 + 3) * 60 + 4) * 60) + 5) * 1000;
        assertThat(RuntimeTable.runtime(millis)).isEqualTo("[ 2 days, 3 hours, 4 minutes, 5 seconds ]");
    }
}
