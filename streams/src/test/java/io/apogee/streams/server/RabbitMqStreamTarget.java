package io.apogee.streams.server;

import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.impl.Client;
import io.apogee.testsupport.process.RabbitMqNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A RabbitMQ node shared by the test run, seen by one test: its stream names carry a suffix of their own, and the
 * node's version (from its peer properties) says which features it serves. Closing it leaves the node running.
 */
final class RabbitMqStreamTarget implements StreamTarget {
    private static final AtomicInteger TESTS = new AtomicInteger();
    /** The version of each node, by stream port: asked once, as a connection costs time. */
    private static final Map<Integer, String> VERSIONS = new ConcurrentHashMap<>();

    private final RabbitMqNode node;
    private final String version;
    private final String suffix;

    RabbitMqStreamTarget(RabbitMqNode node) {
        this.node = node;
        this.version = VERSIONS.computeIfAbsent(node.streamPort(), RabbitMqStreamTarget::askVersion);
        this.suffix = "-t" + TESTS.incrementAndGet();
    }

    private static String askVersion(int port) {
        Client client = new Client(new Client.ClientParameters().host("127.0.0.1").port(port));
        try {
            return client.brokerVersion();
        } finally {
            client.close();
        }
    }

    @Override
    public int port() {
        return node.streamPort();
    }

    @Override
    public String stream(String name) {
        return name + suffix;
    }

    @Override
    public boolean supports(StreamFeature feature) {
        return feature.servedBy(version);
    }

    @Override
    public String whyNot(StreamFeature feature) {
        return feature.newerThan(version);
    }

    /** Through the client from 3.13 on; before, with {@code rabbitmq-streams add_super_stream}, as the protocol had no command. */
    @Override
    public void createSuperStream(Environment environment, String name, List<String> bindingKeys) throws Exception {
        if (supports(StreamFeature.SUPER_STREAM_COMMANDS)) {
            environment.streamCreator().name(name).superStream().bindingKeys(bindingKeys.toArray(String[]::new)).creator()
                .create();
        } else {
            node.streamsTool("add_super_stream", name, "--routing-keys", String.join(",", bindingKeys));
        }
    }

    @Override
    public Optional<StreamFixture> apogee() {
        return Optional.empty();
    }

    @Override
    public void close() {
        // the node belongs to the test run
    }

    @Override
    public String toString() {
        return "RabbitMQ " + version + " on port " + port();
    }
}
