package io.apogee.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Process builders for Apache RocketMQ's name server ({@code NamesrvStartup}) and broker ({@code BrokerStartup}) from
 * its Maven artifacts on a class path. Each writes its config into a home directory of its own, where the process
 * also logs ({@code user.home}, {@code ROCKETMQ_HOME}) and writes its output ({@code namesrv.out}, {@code broker.out}).
 * The broker keeps RocketMQ's defaults except a loopback address, topic and group auto-creation, and disk-space guards
 * raised so that a shared disk does not make it refuse writes; callers add their own settings. Stateless.
 */
// A module of its own: apogee perf compare (main code) and the tests start RocketMQ alike, and main code never uses test-support.
public final class RocketMqLauncher {
    /** Name server main class. */
    public static final String NAMESRV_MAIN = "org.apache.rocketmq.namesrv.NamesrvStartup";
    /** Broker main class. */
    public static final String BROKER_MAIN = "org.apache.rocketmq.broker.BrokerStartup";
    private static final List<String> DISK_GUARDS = List.of("-Drocketmq.broker.diskSpaceWarningLevelRatio=0.99",
        "-Drocketmq.broker.diskSpaceCleanForciblyRatio=0.99");

    private RocketMqLauncher() {
    }

    /**
     * The JVM both processes run in.
     *
     * @param java      the java executable
     * @param classPath rocketmq-namesrv, rocketmq-broker and what they need
     * @param flags     heap, collector and other JVM flags
     */
    public record Jvm(String java, String classPath, List<String> flags) {
    }

    /** A name server on {@code port} with its config and output in {@code home}, not started. */
    public static ProcessBuilder nameServer(Jvm jvm, Path home, int port, Map<String, String> settings) throws IOException {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("listenPort", Integer.toString(port));
        conf.putAll(settings);
        return builder(jvm, home, NAMESRV_MAIN, write(home, "namesrv.conf", conf), nameServerLog(home));
    }

    /**
     * A broker on {@code port} registering with {@code nameServer}, its store in {@code home/store}, with
     * {@code settings} over the defaults, not started.
     */
    public static ProcessBuilder broker(Jvm jvm, Path home, int port, String nameServer, Map<String, String> settings)
        throws IOException {
        Path store = Files.createDirectories(home.resolve("store"));
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("brokerClusterName", "DefaultCluster");
        conf.put("brokerName", "broker-a");
        conf.put("brokerId", "0");
        conf.put("brokerIP1", "127.0.0.1");
        conf.put("listenPort", Integer.toString(port));
        conf.put("namesrvAddr", nameServer);
        conf.put("storePathRootDir", store.toString());
        conf.put("storePathCommitLog", store.resolve("commitlog").toString());
        conf.put("autoCreateTopicEnable", "true");
        conf.put("autoCreateSubscriptionGroup", "true");
        conf.put("flushDiskType", "ASYNC_FLUSH");
        conf.putAll(settings);
        return builder(jvm, home, BROKER_MAIN, write(home, "broker.conf", conf), brokerLog(home));
    }

    /** Where the name server started in {@code home} writes its output. */
    public static Path nameServerLog(Path home) {
        return home.resolve("namesrv.out");
    }

    /** Where the broker started in {@code home} writes its output. */
    public static Path brokerLog(Path home) {
        return home.resolve("broker.out");
    }

    private static Path write(Path home, String name, Map<String, String> conf) throws IOException {
        Files.createDirectories(home);
        StringBuilder text = new StringBuilder();
        conf.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        return Files.writeString(home.resolve(name), text);
    }

    private static ProcessBuilder builder(Jvm jvm, Path home, String mainClass, Path conf, Path log) {
        List<String> flags = new ArrayList<>(jvm.flags());
        flags.add("-Duser.home=" + home);
        flags.addAll(DISK_GUARDS);
        ProcessBuilder builder = new ProcessBuilder(JavaCommand.of(jvm.java(), flags, jvm.classPath(), mainClass,
            List.of("-c", conf.toString()))).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("ROCKETMQ_HOME", home.toString());
        return builder;
    }
}
