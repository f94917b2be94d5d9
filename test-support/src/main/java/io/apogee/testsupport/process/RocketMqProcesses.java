package io.apogee.testsupport.process;

import io.apogee.launcher.JavaCommand;
import io.apogee.launcher.RocketMqLauncher;
import io.apogee.launcher.RocketMqLauncher.Jvm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Apache RocketMQ 5.4.0's name server and broker as child JVMs of a test, started through the one
 * {@link RocketMqLauncher} from the Maven artifacts on the test class path, returning once they listen. The JVM is the
 * one running the tests unless the environment variable {@code ROCKETMQ_JAVA} names another java executable (for a
 * JDK the broker refuses to run on). They send headers in the test JVM's serialization
 * ({@link ChildJvm#inheritedProperties()}). Stateless; the caller stops what it started ({@link ChildJvm#stop(Process)}).
 */
public final class RocketMqProcesses {
    private static final List<String> FLAGS = List.of("-Xms128m", "-Xmx512m", "-XX:+UseSerialGC", "-XX:-UsePerfData",
        "--enable-native-access=ALL-UNNAMED");

    private RocketMqProcesses() {
    }

    /** Starts a name server on {@code port} with its home in {@code home}. */
    public static Process nameServer(Path home, int port) throws IOException, InterruptedException {
        return awaitListening(RocketMqLauncher.nameServer(jvm(), home, port, Map.of()).start(), port,
            RocketMqLauncher.nameServerLog(home));
    }

    /** Starts a broker on {@code port} registering with {@code nameServer}, {@code settings} over the launcher's. */
    public static Process broker(Path home, int port, String nameServer, Map<String, String> settings)
        throws IOException, InterruptedException {
        return awaitListening(RocketMqLauncher.broker(jvm(), home, port, nameServer, settings).start(), port,
            RocketMqLauncher.brokerLog(home));
    }

    private static Process awaitListening(Process process, int port, Path log) throws IOException, InterruptedException {
        try {
            ChildJvm.awaitListening(process, port, log);
            return process;
        } catch (IOException | InterruptedException | RuntimeException e) {
            ChildJvm.stop(process);
            throw e;
        }
    }

    private static Jvm jvm() {
        String override = System.getenv("ROCKETMQ_JAVA");
        String java = override != null && !override.isBlank() ? override : JavaCommand.currentJava();
        List<String> flags = new ArrayList<>(FLAGS);
        flags.addAll(ChildJvm.inheritedProperties());
        return new Jvm(java, ChildJvm.testClassPath(), flags);
    }
}
