package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.Producer;
import io.apogee.streams.log.StreamLog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code SYNC_FLUSH} on the stream port, through the official Java client over a real socket: a publish is confirmed
 * only once its chunk is forced to the device. The timed rounds are an hour apart here, so only the confirms' forces
 * can have forced anything.
 */
class StreamSyncFlushClientTest {
    private static final int MESSAGES = 500;

    @TempDir
    Path dir;

    @Test
    void eachConfirmComesAfterTheForceOfItsChunk() throws Exception {
        try (StreamFixture fixture = StreamFixture.start(dir, true, Duration.ofHours(1));
             Environment environment = Environment.builder().host("127.0.0.1").port(fixture.port()).build()) {
            environment.streamCreator().stream("durable").create();
            StreamLog log = fixture.registry.get("durable");
            CountDownLatch confirmed = new CountDownLatch(MESSAGES);
            List<Boolean> forcedWhenConfirmed = new CopyOnWriteArrayList<>();
            try (Producer producer = environment.producerBuilder().stream("durable").build()) {
                for (int i = 0; i < MESSAGES; i++) {
                    producer.send(producer.messageBuilder().addData(new byte[] {(byte) i}).build(), status -> {
                        forcedWhenConfirmed.add(status.isConfirmed() && log.forcedPosition() > 0);
                        confirmed.countDown();
                    });
                }
                assertThat(confirmed.await(20, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(forcedWhenConfirmed).hasSize(MESSAGES).containsOnly(true);
            assertThat(log.forcedPosition()).as("the last chunk was forced before its confirm went out")
                .isEqualTo(log.appendedPosition());
        }
    }

    @Test
    void withoutSyncFlushConfirmsWaitForNoForce() throws Exception {
        try (StreamFixture fixture = StreamFixture.start(dir, false, Duration.ofHours(1));
             Environment environment = Environment.builder().host("127.0.0.1").port(fixture.port()).build()) {
            environment.streamCreator().stream("fast").create();
            CountDownLatch confirmed = new CountDownLatch(MESSAGES);
            try (Producer producer = environment.producerBuilder().stream("fast").build()) {
                for (int i = 0; i < MESSAGES; i++) {
                    producer.send(producer.messageBuilder().addData(new byte[] {(byte) i}).build(),
                        status -> confirmed.countDown());
                }
                assertThat(confirmed.await(20, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(fixture.registry.get("fast").forcedPosition()).as("no round yet, and no confirm forced").isZero();
        }
    }
}
