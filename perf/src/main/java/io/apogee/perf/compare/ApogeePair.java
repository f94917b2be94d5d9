package io.apogee.perf.compare;

import io.apogee.launcher.Ports;
import io.apogee.perf.compare.PairConfigs.ApogeePorts;
import io.apogee.perf.compare.PairReadiness.Member;
import io.apogee.perf.process.ChildProcesses;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Starts an Apogee master-slave pair as a user would: two {@code bin/apogee broker -c broker.conf} processes, the
 * master with its embedded name server and the slave registered there, each in a directory of its own under the
 * run's ({@code master/}, {@code slave/}), with the comparison's JVM flags. Returns once the slave has caught up; the
 * running broker's pid is the master's, and it knows the slave's. Stateless.
 */
final class ApogeePair {
    private ApogeePair() {
    }

    static RunningBroker start(Path launcher, BrokerSettings settings, MasterRole role, ChildProcesses children)
        throws IOException, InterruptedException {
        Path masterDir = Files.createDirectories(settings.dir().resolve("master"));
        Path slaveDir = Files.createDirectories(settings.dir().resolve("slave"));
        Path masterStore = Files.createDirectories(masterDir.resolve("store"));
        Path slaveStore = Files.createDirectories(slaveDir.resolve("store"));
        ApogeePorts ports = new ApogeePorts(Ports.free(), Ports.free(), Ports.free(), Ports.free());
        RunningBroker running = new RunningBroker(children, masterStore);
        running.addStore(slaveStore);
        try {
            Member master = start(launcher, settings, masterDir,
                PairConfigs.apogeeMaster(settings, role, masterStore, ports), ports.master(), children, running);
            ReadinessProbe.awaitListening(ports.nameServer(), master.process(), master.log());
            Member slave = start(launcher, settings, slaveDir, PairConfigs.apogeeSlave(settings, slaveStore, ports),
                ports.slave(), children, running);
            String nameServer = "127.0.0.1:" + ports.nameServer();
            PairReadiness.await(nameServer, master, slave);
            running.ready(master.process(), nameServer);
            running.slave(slave.process());
            return running;
        } catch (IOException | InterruptedException | RuntimeException e) {
            running.close();
            throw e;
        }
    }

    /** Starts one broker of the pair with {@code conf} in {@code dir} and waits until its broker port listens. */
    private static Member start(Path launcher, BrokerSettings settings, Path dir, String conf, int port,
                                ChildProcesses children, RunningBroker running) throws IOException, InterruptedException {
        Path file = Files.writeString(dir.resolve("broker.conf"), conf);
        Path log = dir.resolve("broker.out");
        ProcessBuilder builder = new ProcessBuilder(settings.pinning().broker(List.of(launcher.toString(), "broker", "-c",
            file.toString()))).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("APOGEE_JAVA_OPTS", String.join(" ", settings.jvmFlags()));
        Process process = children.start(builder);
        running.add(process);
        ReadinessProbe.awaitListening(port, process, log);
        return new Member(process, "127.0.0.1:" + port, log);
    }
}
