package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.NoOffsetException;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.StreamDoesNotExistException;
import com.rabbitmq.stream.StreamStats;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Java client's {@code queryStreamStats} against Apogee, over a real socket. */
class StreamStatsClientTest {
    @TempDir
    Path dir;
    private StreamFixture broker;
    private Environment environment;

    @BeforeEach
    void start() throws InterruptedException {
        broker = StreamFixture.start(dir);
        environment = Environment.builder().host("127.0.0.1").port(broker.port()).build();
    }

    @AfterEach
    void stop() {
        environment.close();
        broker.close();
    }

    @Test
    void statsNameTheFirstOffsetTheCommittedChunkAndTheCommittedOffset() throws InterruptedException {
        environment.streamCreator().stream("counted").create();
        StreamStats empty = environment.queryStreamStats("counted");
        assertThatThrownBy(empty::firstOffset).isInstanceOf(NoOffsetException.class);
        assertThatThrownBy(empty::committedChunkId).isInstanceOf(NoOffsetException.class);

        CountDownLatch confirmed = new CountDownLatch(250);
        try (Producer producer = environment.producerBuilder().stream("counted").build()) {
            for (int i = 0; i < 250; i++) {
                producer.send(producer.messageBuilder().addData(new byte[] {(byte) i}).build(), status -> confirmed.countDown());
            }
            assertThat(confirmed.await(20, TimeUnit.SECONDS)).isTrue();
        }
        StreamStats stats = environment.queryStreamStats("counted");
        assertThat(stats.firstOffset()).isZero();
        assertThat(stats.committedOffset()).isEqualTo(249);
        assertThat(stats.committedChunkId()).isEqualTo(broker.registry.get("counted").lastChunkId()).isBetween(0L, 249L);

        assertThatThrownBy(() -> environment.queryStreamStats("nowhere")).isInstanceOf(StreamDoesNotExistException.class);
    }
}
