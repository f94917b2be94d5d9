package io.apogee.streams.server;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.impl.Client;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker for each test and RabbitMQ's official Java client connected to it: what the client compatibility tests
 * share. The broker is Apogee's stream server in a fresh directory; {@link StreamClientsOnRabbitMqTest} runs the same
 * tests against a RabbitMQ node by overriding {@link #openTarget(Path)}. Tests name their streams through
 * {@link #stream(String)}, check Apogee's own files and tables only through {@link #target}'s {@code apogee()}, and
 * call {@link #assumeServed(StreamFeature)} before a feature newer than RabbitMQ 3.10 (or name it in
 * {@link #requiredFeature()} when the whole class needs it).
 */
abstract class StreamClientTestBase {
    /** The server's directory (Apogee's only). */
    @TempDir
    Path dir;
    /** The broker of this test. */
    StreamTarget target;
    /** The official client's environment, connected to the broker. */
    Environment environment;
    private final List<AutoCloseable> opened = new ArrayList<>();
    /** The clients' event loops: shared, as each client's own would take a second's quiet period to shut down. */
    private EventLoopGroup eventLoops;

    @BeforeEach
    void startServerAndClient() throws Exception {
        eventLoops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        target = openTarget(dir);
        StreamFeature required = requiredFeature();
        if (required != null) {
            assumeServed(required);
        }
        environment = newEnvironment();
    }

    /** The feature every test of the class needs, checked before any connection is made; null when there is none. */
    StreamFeature requiredFeature() {
        return null;
    }

    /** The broker of one test: Apogee's stream server in {@code dir}. */
    StreamTarget openTarget(Path directory) throws Exception {
        return ApogeeStreamTarget.start(directory);
    }

    /** Another environment on the broker, closed after the test. */
    Environment newEnvironment() {
        Environment created = Environment.builder().host("127.0.0.1").port(target.port()).netty().eventLoopGroup(eventLoops)
            .environmentBuilder().build();
        opened.add(created);
        return created;
    }

    /** A low-level client connection to the broker with {@code parameters}, closed after the test. */
    Client newClient(Client.ClientParameters parameters) {
        Client created = new Client(parameters.host("127.0.0.1").port(target.port()).eventLoopGroup(eventLoops));
        opened.add(created::close);
        return created;
    }

    /** The name of this test's stream {@code name}: unique on a broker that other tests share. */
    String stream(String name) {
        return target.stream(name);
    }

    /** Skips the test, saying why, on a broker older than {@code feature}. */
    void assumeServed(StreamFeature feature) {
        assumeTrue(target.supports(feature), () -> target.whyNot(feature));
    }

    @AfterEach
    void stopClientAndServer() throws Exception {
        try {
            for (int i = opened.size() - 1; i >= 0; i--) {
                opened.get(i).close();
            }
        } finally {
            eventLoops.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
            if (target != null) {
                target.close();
            }
        }
    }
}
