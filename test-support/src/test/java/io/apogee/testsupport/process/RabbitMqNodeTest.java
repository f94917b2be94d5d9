package io.apogee.testsupport.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A private RabbitMQ node starts on its own ports and directory, and leaves no process of its own behind when closed. */
@Tag("slow")
class RabbitMqNodeTest {
    @Test
    void aNodeListensOnItsStreamPortAndStopsWithItsWholeProcessTree() throws Exception {
        if (!RabbitMqNode.installed()) {
            assertThat(System.getenv(RabbitMqExtension.REQUIRE)).as("RabbitMQ is required here").isNull();
            Assumptions.abort("no RabbitMQ server at " + RabbitMqNode.serverScript());
        }
        RabbitMqNode node = RabbitMqNode.startInTemporaryDirectory();
        Path base = node.base();
        List<ProcessHandle> processes;
        try {
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), node.streamPort())) {
                assertThat(socket.isConnected()).isTrue();
            }
            processes = processesOf(base);
            assertThat(processes).as("the Erlang VM, its home in the node's directory")
                .anyMatch(handle -> handle.info().command().orElse("").endsWith("beam.smp"));
            assertThat(Files.readString(base.resolve("enabled_plugins"))).contains("rabbitmq_stream");
        } finally {
            node.close();
        }
        assertThat(processes).as("no process of the node is left").noneMatch(ProcessHandle::isAlive);
        assertThat(processesOf(base)).isEmpty();
        assertThat(base).doesNotExist();
    }

    /** The processes whose command line names {@code base}: the node's VM, started with its home there. */
    private static List<ProcessHandle> processesOf(Path base) {
        return ProcessHandle.allProcesses()
            .filter(handle -> handle.info().commandLine().map(line -> line.contains(base.toString())).orElse(false))
            .toList();
    }
}
