package io.apogee.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.launcher.Listening;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.ChildJvm;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive unpacked into an empty directory runs {@code bin/apogee broker} with only a JDK 25 (JAVA_HOME and a
 * PATH of system tools: no Maven, no source tree, no class path), the official 5.4.0 client sends and consumes
 * through it, and the broker logs into the rolling file of conf/logback.xml.
 */
@Tag("slow")
class ArchiveBrokerTest {
    private static final String TOPIC = "ArchiveTopic";
    private static final int MESSAGES = 50;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** A route lookup or send may stall for seconds on a loaded test machine. */
    private static final int CLIENT_TIMEOUT_MILLIS = 10_000;

    @TempDir
    Path dir;

    @Test
    void theUnpackedArchiveServesTheOfficialClientAndLogsIntoItsRollingFile() throws Exception {
        Path unpacked = Files.createDirectories(dir.resolve("unpacked"));
        Path home = UnpackedArchive.unpack(unpacked);
        int port = Ports.free();
        Path conf = Files.writeString(dir.resolve("broker.conf"), "listenPort=" + port + "\nnamesrvListenPort=0\n"
            + "haListenPort=0\nstreamListenPort=0\nstorePathRootDir=" + dir.resolve("store") + "\n"
            + "mappedFileSizeCommitLog=16777216\nmaxIndexNum=4096\nmaxHashSlotNum=1024\n");
        Path output = dir.resolve("console.out");
        ProcessBuilder builder = UnpackedArchive.apogee(home, System.getProperty("java.home"), "broker", "-c", conf.toString())
            .redirectErrorStream(true).redirectOutput(output.toFile());
        // the flags of the other child-JVM brokers: a small heap, and a quick start on a loaded machine
        builder.environment().put("APOGEE_JAVA_OPTS", "-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1");
        Process broker = builder.start();
        try {
            Listening.await(port, broker, output, TIMEOUT);
            String address = "127.0.0.1:" + port;
            send(address);
            assertThat(consume(address)).hasSize(MESSAGES);

            Path log = home.resolve("logs/broker.log");
            assertThat(log).content().contains("BrokerContext - broker broker-a of cluster DefaultCluster listening on");
            broker.destroy();
            ChildJvm.awaitExit(broker);
            assertThat(log).content().contains("broker broker-a stopped; data in " + dir.resolve("store"));
        } finally {
            ChildJvm.stop(broker);
        }
    }

    private static void send(String address) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("archive-producer");
        producer.setNamesrvAddr(address);
        producer.setSendMsgTimeout(CLIENT_TIMEOUT_MILLIS);
        producer.setMqClientApiTimeout(CLIENT_TIMEOUT_MILLIS);
        producer.start();
        try {
            for (int i = 0; i < MESSAGES; i++) {
                Message message = new Message(TOPIC, "TagA", "key-" + i, ("message " + i).getBytes(StandardCharsets.UTF_8));
                assertThat(producer.send(message).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            }
        } finally {
            producer.shutdown();
        }
    }

    private static Set<String> consume(String address) throws Exception {
        Set<String> received = ConcurrentHashMap.newKeySet();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("archive-consumer");
        consumer.setNamesrvAddr(address);
        consumer.setMqClientApiTimeout(CLIENT_TIMEOUT_MILLIS);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(message -> received.add(new String(message.getBody(), StandardCharsets.UTF_8)));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        try {
            Await.until("the consumer to receive every message", TIMEOUT, () -> received.size() == MESSAGES);
        } finally {
            consumer.shutdown();
        }
        return received;
    }
}
