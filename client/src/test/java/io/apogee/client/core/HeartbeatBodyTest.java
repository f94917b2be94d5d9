package io.apogee.client.core;

import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The heartbeat body reads back through the official HeartbeatData class as the broker reads it. */
class HeartbeatBodyTest {
    @Test
    void officialDecoderReadsProducersConsumersAndSubscriptions() {
        ConsumerRegistration consumer = new ConsumerRegistration("CG", "CONSUME_PASSIVELY", "CLUSTERING",
            "CONSUME_FROM_FIRST_OFFSET", List.of(
                new ConsumerRegistration.Subscription("T", "TagA || TagB", List.of("TagA", "TagB"),
                    List.of("TagA".hashCode(), "TagB".hashCode()), 1700000000123L),
                new ConsumerRegistration.Subscription("%RETRY%CG", "*", List.of(), List.of(), 1700000000123L)));

        byte[] body = new HeartbeatBody().write("127.0.0.1@me", List.of("PG"), List.of(consumer));

        HeartbeatData data = RemotingSerializable.decode(body, HeartbeatData.class);
        assertThat(data.getClientID()).isEqualTo("127.0.0.1@me");
        assertThat(data.getProducerDataSet()).extracting(p -> p.getGroupName()).containsExactly("PG");
        ConsumerData decoded = data.getConsumerDataSet().iterator().next();
        assertThat(decoded.getGroupName()).isEqualTo("CG");
        assertThat(decoded.getConsumeType()).isEqualTo(ConsumeType.CONSUME_PASSIVELY);
        assertThat(decoded.getMessageModel()).isEqualTo(MessageModel.CLUSTERING);
        assertThat(decoded.getSubscriptionDataSet()).extracting(SubscriptionData::getTopic).containsExactlyInAnyOrder("T", "%RETRY%CG");
        SubscriptionData tags = decoded.getSubscriptionDataSet().stream().filter(s -> s.getTopic().equals("T")).findFirst().orElseThrow();
        assertThat(tags.getTagsSet()).containsExactlyInAnyOrder("TagA", "TagB");
        assertThat(tags.getCodeSet()).containsExactlyInAnyOrder(2598919, "TagB".hashCode());
        assertThat(tags.getSubVersion()).isEqualTo(1700000000123L);
    }
}
