package io.apogee.client.producer;

import io.apogee.launcher.Ports;
import io.apogee.testsupport.process.RocketMqCluster;
import io.apogee.testsupport.process.RocketMqExtension;
import io.apogee.transport.InboundFrame;
import io.apogee.transport.OutboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RemotingServer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A route that lists a broker nobody listens on beside the real RocketMQ broker (served by a small name server of
 * our own): every send, sync or async, that picks the dead broker first is retried on the live one and succeeds.
 */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class ProducerRetryRocketMqTest {
    @Test
    void sendsThatHitADeadBrokerAreRetriedOnAnother(RocketMqCluster cluster) throws Exception {
        int deadPort = Ports.free(); // nothing listens there
        String topic = "RETRY_ROUTE_" + System.nanoTime();
        String route = "{\"brokerDatas\":["
            + "{\"brokerAddrs\":{\"0\":\"127.0.0.1:" + deadPort + "\"},\"brokerName\":\"broker-0-dead\",\"cluster\":\"C\"},"
            + "{\"brokerAddrs\":{\"0\":\"" + cluster.broker() + "\"},\"brokerName\":\"broker-a\",\"cluster\":\"C\"}],"
            + "\"filterServerTable\":{},\"queueDatas\":["
            + "{\"brokerName\":\"broker-0-dead\",\"perm\":6,\"readQueueNums\":4,\"topicSysFlag\":0,\"writeQueueNums\":4},"
            + "{\"brokerName\":\"broker-a\",\"perm\":6,\"readQueueNums\":4,\"topicSysFlag\":0,\"writeQueueNums\":4}]}";
        RequestDispatcher nameServer = (Peer peer, InboundFrame request) -> {
            request.body().release();
            RemotingHeader header = request.header();
            if (header.isOneway()) {
                return;
            }
            boolean known = header.code() == RequestCode.GET_ROUTEINFO_BY_TOPIC && topic.equals(header.ext().get("topic"));
            RemotingHeader response = new RemotingHeader().asResponseTo(header,
                known ? ResponseCode.SUCCESS : ResponseCode.TOPIC_NOT_EXIST);
            peer.respond(new OutboundFrame(response, known ? Unpooled.copiedBuffer(route, StandardCharsets.UTF_8) : null));
        };
        try (RemotingServer fakeNameServer = RemotingServer.start(TransportConfig.builder().threadNamePrefix("fake-ns").build(),
                 nameServer, "127.0.0.1", 0);
             Producer producer = Producer.builder().nameServers("127.0.0.1:" + fakeNameServer.port()).group("retry-producer")
                 .sendTimeoutMillis(10_000).build()) {
            List<SendResult> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                results.add(producer.send(ProducerRocketMqTest.message(topic, "sync-" + i)));
            }
            List<CompletableFuture<SendResult>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                futures.add(producer.sendAsync(ProducerRocketMqTest.message(topic, "async-" + i)));
            }
            for (CompletableFuture<SendResult> future : futures) {
                results.add(future.get(30, TimeUnit.SECONDS));
            }

            assertThat(results).hasSize(16).allSatisfy(result -> {
                assertThat(result.status()).isEqualTo(SendStatus.SEND_OK);
                assertThat(result.queue().brokerName()).isEqualTo("broker-a");
            });
        }
    }
}
