package io.apogee.perf.compare;

import io.apogee.launcher.Ports;
import io.apogee.perf.process.ChildProcesses;

import java.io.IOException;

/** The brokers a stream comparison starts, in the order it runs them. Immutable. */
enum StreamBroker {
    /** RabbitMQ from the machine's {@code rabbitmq-server} with its stream plugin. */
    RABBITMQ("RabbitMQ"),
    /** Apogee: {@code bin/apogee broker} with its stream port on a free port. */
    APOGEE("Apogee");

    private final String title;

    StreamBroker(String title) {
        this.title = title;
    }

    /** The broker's name in the table. */
    String title() {
        return title;
    }

    /** Starts this broker with {@code settings} and waits until it serves; its stream port is then named. */
    RunningBroker start(StreamCompareCommand command, BrokerSettings settings, ChildProcesses children)
        throws IOException, InterruptedException {
        if (this == RABBITMQ) {
            return RabbitMqRun.start(settings, children);
        }
        int streamPort = Ports.free();
        RunningBroker running = ApogeeLauncher.start(command.apogeeLauncher(), settings, children, streamPort);
        running.streams(streamPort);
        return running;
    }
}
