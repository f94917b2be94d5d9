package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.nio.file.Path;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.body.BrokerStatsData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * VIEW_BROKER_STATS_DATA (315), what mqadmin's statsAll reads: a topic's puts and a group's gets over the last minute,
 * hour and day, read back by RocketMQ 5.4.0's BrokerStatsData decoder, on a manual clock.
 */
class BrokerStatsDataProcessorTest {
    private static final String TOPIC = "TopicTest";

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    @TempDir
    Path dir;

    @Test
    void aTopicsPutsAndAGroupsGetsAreSummedOverEachSpan() {
        try (TempStore store = new TempStore(dir, clock)) {
            RuntimeStats stats = new RuntimeStats(store.store(), store.metadata().offsets(), clock);
            try (ProcessorHarness harness = new ProcessorHarness(new BrokerStatsDataProcessor(stats),
                BrokerStatsDataProcessor.CODES)) {
                store.put(TOPIC, 0, "a");
                store.put(TOPIC, 0, "b");
                store.put(TOPIC, 1, "c");
                store.metadata().offsets().commit("CG", TOPIC, 0, 2);
                clock.advanceMillis(10_000);
                stats.sample();
                BrokerStatsData puts = data(harness, RuntimeStats.TOPIC_PUT_NUMS, TOPIC);
                assertThat(puts.getStatsMinute().getSum()).isEqualTo(3);
                assertThat(puts.getStatsMinute().getTps()).as("a topic new since start counts from 0")
                    .isCloseTo(0.3, within(1e-9));
                assertThat(puts.getStatsHour().getSum()).as("one reading of the hour so far").isZero();
                assertThat(puts.getStatsDay().getSum()).isZero();
                assertThat(data(harness, RuntimeStats.GROUP_GET_NUMS, TOPIC + "@CG").getStatsMinute().getSum())
                    .as("a group's first reading").isZero();
                store.metadata().offsets().commit("CG", TOPIC, 0, 5);
                clock.advanceMillis(10_000);
                stats.sample();
                BrokerStatsData gets = data(harness, RuntimeStats.GROUP_GET_NUMS, TOPIC + "@CG");
                assertThat(gets.getStatsMinute().getSum()).isEqualTo(3);
                assertThat(gets.getStatsMinute().getTps()).isCloseTo(0.3, within(1e-9));

                for (int second = 30; second <= 600; second += 10) { // the timer's samples, as the broker takes them
                    clock.advanceMillis(10_000);
                    stats.sample();
                }
                BrokerStatsData later = data(harness, RuntimeStats.TOPIC_PUT_NUMS, TOPIC);
                assertThat(later.getStatsHour().getSum()).isEqualTo(3);
                assertThat(later.getStatsHour().getTps()).isCloseTo(3 / 600.0, within(1e-9));
                assertThat(later.getStatsMinute().getSum()).as("nothing put in the last minute").isZero();
            }
        }
    }

    @Test
    void anUnknownItemIsRefusedAsRocketMqRefusesIt() {
        try (TempStore store = new TempStore(dir, clock)) {
            RuntimeStats stats = new RuntimeStats(store.store(), store.metadata().offsets(), clock);
            try (ProcessorHarness harness = new ProcessorHarness(new BrokerStatsDataProcessor(stats),
                BrokerStatsDataProcessor.CODES)) {
                Frame unknownTopic = view(harness, RuntimeStats.TOPIC_PUT_NUMS, "Nowhere");
                assertThat(unknownTopic.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
                assertThat(unknownTopic.remark()).isEqualTo("The stats <TOPIC_PUT_NUMS> <Nowhere> not exist");
                assertThat(view(harness, "SNDBCK_PUT_NUMS", TOPIC).remark())
                    .isEqualTo("The stats <SNDBCK_PUT_NUMS> <TopicTest> not exist");
                assertThat(view(harness, RuntimeStats.GROUP_GET_NUMS, "no-at-sign").code())
                    .isEqualTo(ResponseCode.SYSTEM_ERROR);
                Frame missing = harness.sendRaw(RequestCode.VIEW_BROKER_STATS_DATA, Map.of("statsName", "x"), null);
                assertThat(missing.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
                assertThat(missing.remark()).isEqualTo("statsName and statsKey are required");
            }
        }
    }

    private static Frame view(ProcessorHarness harness, String name, String key) {
        return harness.sendRaw(RequestCode.VIEW_BROKER_STATS_DATA, Map.of("statsName", name, "statsKey", key), null);
    }

    private static BrokerStatsData data(ProcessorHarness harness, String name, String key) {
        Frame answer = view(harness, name, key);
        assertThat(answer.code()).as(answer.remark()).isEqualTo(ResponseCode.SUCCESS);
        return BrokerStatsData.decode(answer.body(), BrokerStatsData.class);
    }
}
