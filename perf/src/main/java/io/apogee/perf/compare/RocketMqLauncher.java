package io.apogee.perf.compare;

import io.apogee.perf.process.ChildProcesses;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts Apache RocketMQ 5.4.0 from its Maven artifacts: a name server JVM and a broker JVM on free loopback ports,
 * with ROCKETMQ_HOME, user.home (where it logs), the config and the store in the run's directory. The broker keeps
 * RocketMQ's defaults except what a comparison sets alike for both brokers (flush mode, heap) and the disk-space
 * guards, raised so that a shared disk does not make it refuse writes. Stateless.
 */
final class RocketMqLauncher {
    private static final String NAMESRV_MAIN = "org.apache.rocketmq.namesrv.NamesrvStartup";
    private static final String BROKER_MAIN = "org.apache.rocketmq.broker.BrokerStartup";

    private RocketMqLauncher() {
    }

    static RunningBroker start(String classPath, BrokerSettings settings, ChildProcesses children)
        throws IOException, InterruptedException {
        Path dir = Files.createDirectories(settings.dir());
        Path store = Files.createDirectories(settings.store());
        int nameServerPort = Ports.free();
        int brokerPort = Ports.freeBrokerPort();
        String nameServer = "127.0.0.1:" + nameServerPort;
        Path namesrvConf = Files.writeString(dir.resolve("namesrv.conf"), "listenPort=" + nameServerPort + "\n");
        Path brokerConf = Files.writeString(dir.resolve("broker.conf"), String.join("\n",
            "brokerClusterName=DefaultCluster",
            "brokerName=broker-a",
            "brokerId=0",
            "brokerIP1=127.0.0.1",
            "listenPort=" + brokerPort,
            "namesrvAddr=" + nameServer,
            "storePathRootDir=" + store,
            "storePathCommitLog=" + store.resolve("commitlog"),
            "autoCreateTopicEnable=true",
            "autoCreateSubscriptionGroup=true",
            "flushDiskType=" + settings.flushDiskType(),
            "") + "\n");
        RunningBroker running = new RunningBroker(children, store);
        try {
            Path namesrvLog = dir.resolve("namesrv.out");
            Process namesrv = children.start(builder(classPath, settings, NAMESRV_MAIN, namesrvConf, namesrvLog));
            running.add(namesrv);
            ReadinessProbe.awaitListening(nameServerPort, namesrv, namesrvLog);
            Path brokerLog = dir.resolve("broker.out");
            Process broker = children.start(builder(classPath, settings, BROKER_MAIN, brokerConf, brokerLog));
            running.add(broker);
            ReadinessProbe.awaitListening(brokerPort, broker, brokerLog);
            ReadinessProbe.awaitSend(nameServer, broker, brokerLog);
            running.ready(broker, nameServer);
            return running;
        } catch (IOException | InterruptedException | RuntimeException e) {
            running.close();
            throw e;
        }
    }

    private static ProcessBuilder builder(String classPath, BrokerSettings settings, String mainClass, Path conf, Path log) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(settings.jvmFlags());
        command.add("-Duser.home=" + settings.dir());
        command.add("-Drocketmq.broker.diskSpaceWarningLevelRatio=0.99");
        command.add("-Drocketmq.broker.diskSpaceCleanForciblyRatio=0.99");
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        command.add("-c");
        command.add(conf.toString());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("ROCKETMQ_HOME", settings.dir().toString());
        return builder;
    }
}
