package io.apogee.broker;

import io.apogee.testsupport.process.RabbitMqExtension;
import io.apogee.testsupport.process.RabbitMqNode;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link StreamMetricsContract} against a RabbitMQ node (Debian's 3.10) with its stream and Prometheus plugins, so that
 * the names, labels and counts Apogee serves are known to be RabbitMQ's. Skipped without RabbitMQ installed
 * ({@link RabbitMqExtension}).
 */
@Tag("slow")
@ExtendWith(RabbitMqExtension.class)
class StreamMetricsOnRabbitMqTest extends StreamMetricsContract {
    private static final AtomicInteger TESTS = new AtomicInteger();

    private final RabbitMqNode node;
    private final String suffix = "-metrics-" + TESTS.incrementAndGet();

    StreamMetricsOnRabbitMqTest(RabbitMqNode node) {
        this.node = node;
    }

    @Override
    int streamPort() {
        return node.streamPort();
    }

    @Override
    int metricsPort() {
        return node.prometheusPort();
    }

    @Override
    String stream(String name) {
        return name + suffix;
    }
}
