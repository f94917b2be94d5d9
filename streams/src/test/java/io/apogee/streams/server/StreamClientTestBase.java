package io.apogee.streams.server;

import com.rabbitmq.stream.Environment;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stream server in a fresh directory for each test, and RabbitMQ's official Java client connected to it: what the
 * client compatibility tests share.
 */
abstract class StreamClientTestBase {
    /** The server's directory. */
    @TempDir
    Path dir;
    /** The server. */
    StreamFixture broker;
    /** The official client's environment, connected to the server. */
    Environment environment;

    @BeforeEach
    void startServerAndClient() throws InterruptedException {
        broker = StreamFixture.start(dir);
        environment = Environment.builder().host("127.0.0.1").port(broker.port()).build();
    }

    @AfterEach
    void stopClientAndServer() {
        environment.close();
        broker.close();
    }
}
