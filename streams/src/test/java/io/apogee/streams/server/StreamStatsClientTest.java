package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.stream.NoOffsetException;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.StreamDoesNotExistException;
import com.rabbitmq.stream.StreamStats;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The Java client's {@code queryStreamStats} against Apogee, over a real socket. */
class StreamStatsClientTest extends StreamClientTestBase {
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
