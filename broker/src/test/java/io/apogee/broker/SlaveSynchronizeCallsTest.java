package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.timer.TimerTopic;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.rocketmq.broker.out.BrokerOuterAPI;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.store.timer.TimerCheckpoint;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The calls an Apache RocketMQ 5.4.0 slave makes to its master to copy its state ({@code SlaveSynchronize}), made with
 * RocketMQ's own {@link BrokerOuterAPI} against an Apogee master: topics, consumer offsets, delay offsets,
 * subscription groups, message request modes (none: Apogee serves no POP) and, every 3 s, the timer checkpoint, which
 * follows the timer messages the master has delivered.
 */
@Tag("slow") // a broker start and a timer message's delivery and checkpoint
class SlaveSynchronizeCallsTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void aRocketMqSlavesCallsAreAnsweredInItsShapes() throws Exception {
        BrokerOuterAPI slave = new BrokerOuterAPI(new NettyClientConfig(), null);
        slave.start();
        try (TestBroker master = TestBroker.start(dir)) {
            DefaultMQProducer producer = OfficialClients.producer(master.address(), "PG-sync");
            long deliverAt;
            try {
                Message warmUp = new Message("SyncTopic", "first".getBytes(StandardCharsets.UTF_8));
                assertThat(producer.send(warmUp).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                Message timed = new Message("SyncTopic", "timed".getBytes(StandardCharsets.UTF_8));
                deliverAt = System.currentTimeMillis() + 200;
                timed.setDeliverTimeMs(deliverAt);
                assertThat(producer.send(timed).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            } finally {
                producer.shutdown();
            }
            master.context().metadata().offsets().commit("CG-sync", "SyncTopic", 0, 1);
            String address = master.address();

            assertThat(slave.getAllTopicConfig(address).getTopicConfigTable()).containsKey("SyncTopic");
            assertThat(slave.getAllConsumerOffset(address).getOffsetTable()).containsKey("SyncTopic@CG-sync");
            assertThat(slave.getAllDelayOffset(address)).contains("offsetTable");
            assertThat(slave.getAllSubscriptionGroupConfig(address).getSubscriptionGroupTable()).isNotNull();
            assertThat(slave.getAllMessageRequestMode(address).getMessageRequestModeMap()).isEmpty();

            Await.until("the checkpoint names the delivered timer message", WAIT, () -> {
                TimerCheckpoint checkpoint = slave.getTimerCheckPoint(address);
                return checkpoint.getMasterTimerQueueOffset() == 1 && checkpoint.getLastReadTimeMs() >= deliverAt;
            });
            TimerCheckpoint checkpoint = slave.getTimerCheckPoint(address);
            assertThat(checkpoint.getLastTimerQueueOffset()).isEqualTo(1);
            assertThat(checkpoint.getDataVersion().getCounter().get()).isPositive();
            assertThat(master.context().store().maxOffset(TimerTopic.NAME, TimerTopic.QUEUE_ID)).isEqualTo(1);
        } finally {
            slave.shutdown();
        }
    }
}
