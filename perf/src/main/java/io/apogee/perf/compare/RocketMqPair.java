package io.apogee.perf.compare;

import io.apogee.launcher.JavaCommand;
import io.apogee.launcher.Listening;
import io.apogee.launcher.Ports;
import io.apogee.launcher.RocketMqLauncher;
import io.apogee.launcher.RocketMqLauncher.Jvm;
import io.apogee.perf.compare.PairReadiness.Member;
import io.apogee.perf.process.ChildProcesses;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts an Apache RocketMQ 5.4.0 master-slave pair for a comparison: a name server, a master and a slave JVM on free
 * loopback ports, through the shared {@link RocketMqLauncher}, each broker with its home and store under the run's
 * directory ({@code master/}, {@code slave/}). Returns once the slave has caught up; the running broker's pid is the
 * master's, and it knows the slave's. Stateless.
 */
final class RocketMqPair {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    /** A RocketMQ broker uses its port, port - 2 and port + 1: two brokers' ports lie further apart than this. */
    private static final int PORT_SPAN = 3;

    private RocketMqPair() {
    }

    static RunningBroker start(String classPath, BrokerSettings settings, MasterRole role, ChildProcesses children)
        throws IOException, InterruptedException {
        Path dir = Files.createDirectories(settings.dir());
        Path masterHome = dir.resolve("master");
        Path slaveHome = dir.resolve("slave");
        int nameServerPort = Ports.free();
        int masterPort = Ports.freeRocketMqBrokerPort();
        int slavePort = Ports.freeRocketMqBrokerPort();
        while (Math.abs(slavePort - masterPort) <= PORT_SPAN) {
            slavePort = Ports.freeRocketMqBrokerPort();
        }
        String nameServer = "127.0.0.1:" + nameServerPort;
        List<String> flags = new ArrayList<>(settings.jvmFlags());
        flags.addAll(settings.rocketMqTlsFlags());
        Jvm jvm = new Jvm(JavaCommand.currentJava(), classPath, flags);
        RunningBroker running = new RunningBroker(children, masterHome.resolve("store"));
        running.addStore(slaveHome.resolve("store"));
        try {
            Process namesrv = children.start(settings.pinning().broker(RocketMqLauncher.nameServer(jvm, dir, nameServerPort,
                Map.of())));
            running.add(namesrv);
            Listening.await(nameServerPort, namesrv, RocketMqLauncher.nameServerLog(dir), START_TIMEOUT);
            Member master = start(settings.pinning().broker(RocketMqLauncher.broker(jvm, masterHome, masterPort, nameServer,
                PairConfigs.rocketMqMaster(settings, role, masterPort))), masterHome, masterPort, children, running);
            Member slave = start(settings.pinning().broker(RocketMqLauncher.broker(jvm, slaveHome, slavePort, nameServer,
                PairConfigs.rocketMqSlave(settings))), slaveHome, slavePort, children, running);
            PairReadiness.await(nameServer, master, slave);
            running.ready(master.process(), nameServer);
            running.slave(slave.process());
            return running;
        } catch (IOException | InterruptedException | RuntimeException e) {
            running.close();
            throw e;
        }
    }

    /** Starts one broker of the pair and waits until its port listens. */
    private static Member start(ProcessBuilder builder, Path home, int port, ChildProcesses children, RunningBroker running)
        throws IOException, InterruptedException {
        Process process = children.start(builder);
        running.add(process);
        Path log = RocketMqLauncher.brokerLog(home);
        Listening.await(port, process, log, START_TIMEOUT);
        return new Member(process, "127.0.0.1:" + port, log);
    }
}
