package io.apogee.perf.compare;

import io.apogee.perf.process.ChildProcesses;

import java.io.IOException;

/** The brokers a comparison starts, in the order it runs them. Immutable. */
enum BrokerKind {
    /** Apache RocketMQ 5.4.0: a name server and a broker JVM from the Maven artifacts. */
    ROCKETMQ("Apache RocketMQ 5.4.0"),
    /** Apogee: {@code bin/apogee broker} with its embedded name server. */
    APOGEE("Apogee");

    private final String title;

    BrokerKind(String title) {
        this.title = title;
    }

    /** The broker's name in the table. */
    String title() {
        return title;
    }

    /** Starts this broker with {@code settings}, using what {@code command} says, and waits until it serves. */
    RunningBroker start(CompareCommand command, BrokerSettings settings, ChildProcesses children)
        throws IOException, InterruptedException {
        return this == ROCKETMQ ? RocketMqRun.start(command.rocketMqClassPath(), settings, children)
            : ApogeeLauncher.start(command.apogeeLauncher(), settings, children);
    }

    /**
     * Starts a master in {@code role} and one slave of this broker, both with {@code settings}, and waits until the
     * slave has caught up; the running broker's pid is the master's.
     */
    RunningBroker startPair(CompareCommand command, BrokerSettings settings, MasterRole role, ChildProcesses children)
        throws IOException, InterruptedException {
        return this == ROCKETMQ ? RocketMqPair.start(command.rocketMqClassPath(), settings, role, children)
            : ApogeePair.start(command.apogeeLauncher(), settings, role, children);
    }
}
