package io.apogee.broker.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.snapshots.Labels;
import org.junit.jupiter.api.Test;

/**
 * The label sets a scrape gives its series: the broker's three labels on each, RocketMQ's {@code is_system} and
 * {@code is_retry}, and the same instance for the same topic or group from one scrape to the next.
 */
class MetricLabelsTest {
    private final MetricLabels labels = new MetricLabels("ClusterA", "broker-a");

    @Test
    void everySeriesCarriesTheBrokersLabels() {
        assertThat((Object) labels.base()).isEqualTo(Labels.of("cluster", "ClusterA", "node_type", "broker", "node_id",
            "broker-a"));
        assertThat((Object) labels.topic("Orders")).isEqualTo(labels.base().merge(Labels.of("topic", "Orders", "is_system",
            "false")));
    }

    @Test
    void marksSystemTopicsGroupsAndRetryTopics() {
        assertThat(labels.topic("rmq_sys_wheel").get("is_system")).isEqualTo("true");
        assertThat(labels.topic("TBW102").get("is_system")).isEqualTo("true");
        assertThat(labels.group("CID_RMQ_SYS_TRANS").get("is_system")).isEqualTo("true");
        assertThat(labels.group("billing").get("is_system")).isEqualTo("false");
        Labels retry = labels.groupAndTopic("billing", "%RETRY%billing");
        assertThat(retry.get("consumer_group")).isEqualTo("billing");
        assertThat(retry.get("topic")).isEqualTo("%RETRY%billing");
        assertThat(retry.get("is_retry")).isEqualTo("true");
        assertThat(retry.get("is_system")).isEqualTo("false");
        assertThat(labels.groupAndTopic("billing", "Orders").get("is_retry")).isEqualTo("false");
    }

    @Test
    void keepsEachLabelSetForTheNextScrape() {
        assertThat((Object) labels.topic("Orders")).isSameAs(labels.topic("Orders"));
        assertThat((Object) labels.group("billing")).isSameAs(labels.group("billing"));
        assertThat((Object) labels.groupAndTopic("billing", "Orders")).isSameAs(labels.groupAndTopic("billing", "Orders"));
        assertThat((Object) labels.groupAndTopic("billing", "Orders")).isNotEqualTo(labels.groupAndTopic("audit", "Orders"));
    }

    @Test
    void aFullCacheIsEmptiedAndStillAnswers() {
        Labels first = labels.topic("Topic0");
        for (int i = 1; i <= MetricLabels.CACHE_LIMIT; i++) {
            labels.topic("Topic" + i);
        }
        Labels again = labels.topic("Topic0");
        assertThat((Object) again).isEqualTo(first).isNotSameAs(first);
    }
}
