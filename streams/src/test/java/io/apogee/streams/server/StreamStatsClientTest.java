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

/** The Java client's {@code queryStreamStats} against Apogee, over a real socket (RabbitMQ 3.11 and later have it too). */
class StreamStatsClientTest extends StreamClientTestBase {
    @Override
    StreamFeature requiredFeature() {
        return StreamFeature.STREAM_STATS;
    }

    @Test
    void statsNameTheFirstOffsetTheCommittedChunkAndTheCommittedOffset() throws InterruptedException {
        String counted = stream("counted");
        environment.streamCreator().stream(counted).create();
        StreamStats empty = environment.queryStreamStats(counted);
        assertThatThrownBy(empty::firstOffset).isInstanceOf(NoOffsetException.class);
        assertThatThrownBy(empty::committedChunkId).isInstanceOf(NoOffsetException.class);

        CountDownLatch confirmed = new CountDownLatch(250);
        try (Producer producer = environment.producerBuilder().stream(counted).build()) {
            for (int i = 0; i < 250; i++) {
                producer.send(producer.messageBuilder().addData(new byte[] {(byte) i}).build(), status -> confirmed.countDown());
            }
            assertThat(confirmed.await(20, TimeUnit.SECONDS)).isTrue();
        }
        StreamStats stats = environment.queryStreamStats(counted);
        assertThat(stats.firstOffset()).isZero();
        assertThat(stats.committedOffset()).isEqualTo(249);
        assertThat(stats.committedChunkId()).isBetween(0L, 249L);
        target.apogee().ifPresent(apogee -> assertThat(stats.committedChunkId()).as("the last chunk")
            .isEqualTo(apogee.registry.get(counted).lastChunkId()));

        assertThatThrownBy(() -> environment.queryStreamStats(stream("nowhere")))
            .isInstanceOf(StreamDoesNotExistException.class);
    }
}
