package io.apogee.client.consumer;

import io.apogee.client.ClientConfig;
import io.apogee.client.core.ClientCore;
import io.apogee.client.core.MessageQueue;
import io.apogee.client.producer.Producer;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.RocketMqCluster;
import io.apogee.testsupport.process.RocketMqExtension;
import io.apogee.transport.RemotingResponse;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.CreateTopicRequestHeader;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static io.apogee.client.consumer.ProduceConsumeRocketMqTest.message;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A consumer subscribed to a topic that does not exist yet takes its queues as soon as its route appears, and takes
 * the new queues when the topic grows: a route that appears or changes triggers a rebalance at once, well before
 * the 20 s periodic one (the route refresh period is shortened here to 300 ms).
 */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class RouteChangeRocketMqTest {
    private static final int WITHIN_SECONDS = 10;

    @Test
    void aTopicThatAppearsOrGrowsIsTakenAtOnce(RocketMqCluster cluster) throws Exception {
        String topic = "LATE_" + System.nanoTime();
        Received received = new Received();
        Set<String> sent = new HashSet<>();
        ClientConfig config = ClientConfig.builder().nameServers(cluster.nameServer()).routeRefreshIntervalMillis(300).build();
        try (PushConsumer consumer = PushConsumer.builder().config(config).group("late-" + topic)
            .subscribe(topic, "*").consumeFrom(ConsumeFrom.FIRST).listener(received::record).build();
             Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS).group("late-producer")
                 .config(ClientConfig.builder().nameServers(cluster.nameServer()).routeRefreshIntervalMillis(300).build())
                 .build()) {
            assertThat(queueIds(consumer, topic)).as("no route yet").isEmpty();

            producer.send(message(topic, "first", sent));
            Await.until("4 queues held and the first message", Duration.ofSeconds(WITHIN_SECONDS),
                () -> queueIds(consumer, topic).size() == 4 && received.total() == 1);

            growTo(8, topic, cluster, config);
            Await.until("8 queues held after the route change", Duration.ofSeconds(WITHIN_SECONDS),
                () -> queueIds(consumer, topic).size() == 8);
            Set<Integer> sentTo = new HashSet<>();
            for (int i = 0; sentTo.size() < 8 || i < 16; i++) {
                // the producer sees the new queues within a route refresh period or two
                assertThat(i).as("sends before the producer used all 8 queues").isLessThan(2000);
                sentTo.add(producer.send(message(topic, "grown-" + i, sent)).queue().queueId());
            }
            Await.until("every message", Duration.ofSeconds(WITHIN_SECONDS), () -> received.total() >= sent.size());
        }
        assertThat(received.counts.keySet()).containsExactlyInAnyOrderElementsOf(sent);
        assertThat(received.byQueueId.keySet()).as("the new queues are consumed too").contains(4, 5, 6, 7);
    }

    /** UPDATE_AND_CREATE_TOPIC on the broker, which registers the new queue count with the name server. */
    private static void growTo(int queues, String topic, RocketMqCluster cluster, ClientConfig config) {
        try (ClientCore admin = new ClientCore(config, "route-change-admin")) {
            RemotingHeader header = ClientCore.request(RequestCode.UPDATE_AND_CREATE_TOPIC);
            new CreateTopicRequestHeader().topic(topic).defaultTopic(ClientCore.AUTO_CREATE_TOPIC).readQueueNums(queues)
                .writeQueueNums(queues).perm(6).topicFilterType("SINGLE_TAG").topicSysFlag(0).order(false)
                .encode(header.ext());
            try (RemotingResponse response = admin.call(cluster.broker(), header, null, 5000)) {
                assertThat(response.code()).as(response.remark()).isEqualTo(ResponseCode.SUCCESS);
            }
        }
    }

    private static Set<Integer> queueIds(PushConsumer consumer, String topic) {
        return consumer.assignedQueues().stream().filter(q -> q.topic().equals(topic)).map(MessageQueue::queueId)
            .collect(Collectors.toSet());
    }
}
