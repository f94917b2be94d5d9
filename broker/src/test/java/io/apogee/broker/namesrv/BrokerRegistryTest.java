package io.apogee.broker.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The name server's tables without a network: routes spanning brokers, and each way a broker leaves them. */
class BrokerRegistryTest {
    private static final long TIMEOUT = 120_000;
    private static final Object CONNECTION_A = new Object();
    private static final Object CONNECTION_B = new Object();
    private static final DataVersion VERSION = new DataVersion(3, 1_000, 0);
    private static final DataVersion NEXT = new DataVersion(4, 2_000, 0);

    private final BrokerRegistry registry = new BrokerRegistry();

    @Test
    void aTopicOnTwoBrokersRoutesToBoth() {
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("Both", 4, "OnlyA", 2)), CONNECTION_A, 0);
        registry.register(registration("broker-b", "10.0.0.2:10911", 0, Map.of("Both", 8)), CONNECTION_B, 0);

        assertThat(registry.queues("Both")).extracting(QueueData::brokerName, QueueData::writeQueues)
            .containsExactly(tuple("broker-a", 4), tuple("broker-b", 8));
        assertThat(registry.queues("OnlyA")).extracting(QueueData::brokerName).containsExactly("broker-a");
        assertThat(registry.brokers()).containsOnlyKeys("broker-a", "broker-b");
        assertThat(registry.brokers().get("broker-b").addresses()).containsExactly(Map.entry(0L, "10.0.0.2:10911"));
        assertThat(registry.topics()).containsExactly("Both", "OnlyA");
    }

    @Test
    void aSilentBrokerExpiresAfterItsTimeoutAndNotBefore() {
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("T", 4)), CONNECTION_A, 0);
        registry.register(registration("broker-b", "10.0.0.2:10911", 0, Map.of("T", 4)), CONNECTION_B, 0);
        registry.heartbeat("10.0.0.2:10911", 60_000);

        assertThat(registry.expire(TIMEOUT)).as("exactly at the timeout").isEmpty();
        assertThat(registry.expire(TIMEOUT + 1)).containsExactly(CONNECTION_A);
        assertThat(registry.queues("T")).extracting(QueueData::brokerName).containsExactly("broker-b");
        assertThat(registry.expire(60_000 + TIMEOUT + 1)).containsExactly(CONNECTION_B);
        assertThat(registry.queues("T")).isEmpty();
        assertThat(registry.topics()).isEmpty();
        assertThat(registry.brokers()).isEmpty();
    }

    @Test
    void aClosedConnectionOrAnUnregisterDropsTheBrokerAtOnce() {
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("T", 4)), CONNECTION_A, 0);
        registry.register(registration("broker-b", "10.0.0.2:10911", 0, Map.of("T", 4)), CONNECTION_B, 0);

        assertThat(registry.connectionClosed(CONNECTION_A)).containsExactly("10.0.0.1:10911");
        assertThat(registry.queues("T")).extracting(QueueData::brokerName).containsExactly("broker-b");
        assertThat(registry.unregister("10.0.0.2:10911")).isTrue();
        assertThat(registry.unregister("10.0.0.2:10911")).isFalse();
        assertThat(registry.queues("T")).isEmpty();
    }

    @Test
    void aSlaveKeepsItsGroupRoutedAndAMasterReRegistrationReplacesItsTopics() {
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("Old", 4, "Kept", 4)), CONNECTION_A, 0);
        registry.register(registration("broker-a", "10.0.0.3:10911", 1, Map.of()), CONNECTION_B, 0);
        assertThat(registry.masterOf("broker-a").map(BrokerRegistration::address)).contains("10.0.0.1:10911");
        assertThat(registry.brokers().get("broker-a").addresses()).containsOnlyKeys(0L, 1L);

        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("Kept", 4), NEXT), CONNECTION_A, 1);
        assertThat(registry.topics()).as("a new version replaces").containsExactly("Kept");

        registry.connectionClosed(CONNECTION_A);
        assertThat(registry.masterOf("broker-a")).isEmpty();
        assertThat(registry.queues("Kept")).as("the slave still serves its group").hasSize(1);
    }

    @Test
    void aVersionOtherThanTheRegisteredOneIsAChange() {
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("T", 4)), CONNECTION_A, 0);
        assertThat(registry.versionChanged("10.0.0.1:10911", VERSION)).isFalse();
        assertThat(registry.versionChanged("10.0.0.1:10911", new DataVersion(4, 2_000, 0))).isTrue();
        assertThat(registry.versionChanged("10.0.0.9:10911", VERSION)).as("not registered").isTrue();
        assertThat(registry.version("10.0.0.1:10911")).contains(VERSION);
    }

    @Test
    void unnumberedPartsOfOneVersionAddUpAsRocketMqsNameServerAddsThem() {
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("A", 4)), CONNECTION_A, 0);
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("B", 4)), CONNECTION_A, 0);
        assertThat(registry.topics()).containsExactly("A", "B");
    }

    @Test
    void numberedPartsAddTheirTopicsAtOnceAndTheLastDropsWhatNoPartHad() {
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("A", 4, "Gone", 4, "B", 4)), CONNECTION_A, 0);
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("A", 8), NEXT), CONNECTION_A, 1, 0, 3);
        assertThat(registry.topics()).as("nothing dropped before the last part").containsExactly("A", "B", "Gone");
        assertThat(registry.queues("A").getFirst().readQueues()).isEqualTo(8);
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("B", 4), NEXT), CONNECTION_A, 1, 1, 3);
        registry.register(registration("broker-a", "10.0.0.1:10911", 0, Map.of("C", 4), NEXT), CONNECTION_A, 1, 2, 3);
        assertThat(registry.topics()).containsExactly("A", "B", "C");
    }

    private static BrokerRegistration registration(String name, String address, long id, Map<String, Integer> topics) {
        return registration(name, address, id, topics, VERSION);
    }

    private static BrokerRegistration registration(String name, String address, long id, Map<String, Integer> topics,
        DataVersion version) {
        Map<String, QueueData> queues = new HashMap<>();
        topics.forEach((topic, count) -> queues.put(topic, new QueueData(name, count, count, 6, 0)));
        return new BrokerRegistration("DefaultCluster", name, address, id, address, TIMEOUT, version, queues);
    }
}
