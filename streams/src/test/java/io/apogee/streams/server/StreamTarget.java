package io.apogee.streams.server;

import com.rabbitmq.stream.Environment;
import java.util.List;
import java.util.Optional;

/**
 * The broker a client test connects to: Apogee's stream server, or a RabbitMQ node, so that one test list proves
 * the protocol on both. A target is opened for each test and closed after it. Not thread-safe: the test thread uses it.
 */
interface StreamTarget extends AutoCloseable {
    /** The stream port on 127.0.0.1. */
    int port();

    /**
     * A stream name for this test made from {@code name}: the name itself on a broker started for the test, a name
     * no other test uses on a shared one.
     */
    String stream(String name);

    /** Whether the broker serves {@code feature}. */
    boolean supports(StreamFeature feature);

    /** Why a test of {@code feature} does not run against this broker. */
    String whyNot(StreamFeature feature);

    /**
     * Creates super stream {@code name} with a partition {@code name-key} bound with each of {@code bindingKeys}, in
     * order: through {@code environment} (create super stream, RabbitMQ 3.13), or as an older RabbitMQ does it.
     */
    void createSuperStream(Environment environment, String name, List<String> bindingKeys) throws Exception;

    /** Apogee's server, for the checks of its files and tables; empty on RabbitMQ. */
    Optional<StreamFixture> apogee();

    @Override
    void close();
}
