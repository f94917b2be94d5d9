package io.apogee.streams.server;

import io.apogee.testsupport.process.RabbitMqExtension;
import io.apogee.testsupport.process.RabbitMqNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Java client tests of Apogee's stream port run unchanged against a RabbitMQ node (Debian's 3.10 with its stream
 * plugin, one node for the test run), so that they are known to test the protocol rather than Apogee's reading of it.
 * A test of a feature newer than the node says so and is skipped here; it still runs against Apogee in its own class.
 * Without RabbitMQ installed the class is skipped ({@link RabbitMqExtension}).
 */
@Tag("slow")
@ExtendWith(RabbitMqExtension.class)
class StreamClientsOnRabbitMqTest {
    private final RabbitMqNode node;

    StreamClientsOnRabbitMqTest(RabbitMqNode node) {
        this.node = node;
    }

    private StreamTarget rabbitMq() {
        return new RabbitMqStreamTarget(node);
    }

    /** {@link StreamClientCompatibilityTest} against RabbitMQ. */
    @Nested
    class Compatibility extends StreamClientCompatibilityTest {
        @Override
        StreamTarget openTarget(Path directory) {
            return rabbitMq();
        }
    }

    /** {@link StreamBadInputTest} against RabbitMQ. */
    @Nested
    class BadInput extends StreamBadInputTest {
        @Override
        StreamTarget openTarget(Path directory) {
            return rabbitMq();
        }
    }

    /** {@link StreamRetentionClientTest} against RabbitMQ. */
    @Nested
    class Retention extends StreamRetentionClientTest {
        @Override
        StreamTarget openTarget(Path directory) {
            return rabbitMq();
        }
    }

    /** {@link StreamStatsClientTest} against RabbitMQ (3.11 and later). */
    @Nested
    class Stats extends StreamStatsClientTest {
        @Override
        StreamTarget openTarget(Path directory) {
            return rabbitMq();
        }
    }

    /** {@link StreamSingleActiveConsumerTest} against RabbitMQ (3.11 and later). */
    @Nested
    class SingleActiveConsumer extends StreamSingleActiveConsumerTest {
        @Override
        StreamTarget openTarget(Path directory) {
            return rabbitMq();
        }
    }

    /** {@link StreamSuperStreamTest} against RabbitMQ (created with rabbitmq-streams before 3.13). */
    @Nested
    class SuperStreams extends StreamSuperStreamTest {
        @Override
        StreamTarget openTarget(Path directory) {
            return rabbitMq();
        }
    }

    /** {@link StreamSuperStreamSingleActiveConsumerTest} against RabbitMQ (3.11 and later). */
    @Nested
    class SuperStreamSingleActiveConsumer extends StreamSuperStreamSingleActiveConsumerTest {
        @Override
        StreamTarget openTarget(Path directory) {
            return rabbitMq();
        }
    }

    /** {@link StreamFilteringClientTest} against RabbitMQ (3.13 and later). */
    @Nested
    class Filtering extends StreamFilteringClientTest {
        @Override
        StreamTarget openTarget(Path directory) {
            return rabbitMq();
        }
    }

    /** {@link StreamResolveOffsetSpecClientTest} against RabbitMQ (4.3 and later). */
    @Nested
    class ResolveOffsetSpec extends StreamResolveOffsetSpecClientTest {
        @Override
        StreamTarget openTarget(Path directory) {
            return rabbitMq();
        }
    }
}
