package io.apogee.testsupport.process;

import io.apogee.launcher.JavaCommand;
import io.apogee.launcher.Listening;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A main class of this test run's class path in a JVM of its own, its output in a file, for servers a test must stop
 * from outside (SIGTERM, SIGKILL). A child takes the test JVM's {@code rocketmq.serialize.type}, so that mqadmin and
 * RocketMQ's servers speak the header serialization of the Surefire execution they run in. Stateless helpers; a test
 * thread drives each process.
 */
public final class ChildJvm {
    /** How long a child JVM may take to listen. */
    public static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final long STOP_TIMEOUT_SECONDS = 30;
    private static final List<String> FLAGS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
        "--enable-native-access=ALL-UNNAMED");
    /** The system property with which RocketMQ's classes choose the header serialization of what they send. */
    private static final String SERIALIZE_TYPE = "rocketmq.serialize.type";

    private ChildJvm() {
    }

    /** This test run's class path (surefire's, when it runs the tests from a manifest-only jar). */
    public static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    /**
     * The JVM flags that pass this JVM's header serialization ({@code rocketmq.serialize.type}) on to a child; none
     * when it is not set. Without them, a child of the ROCKETMQ execution would still send JSON headers.
     */
    public static List<String> inheritedProperties() {
        String serializeType = System.getProperty(SERIALIZE_TYPE);
        return serializeType == null || serializeType.isBlank() ? List.of()
            : List.of("-D" + SERIALIZE_TYPE + "=" + serializeType);
    }

    /** Starts {@code mainClass} with {@code args}, extra JVM {@code properties} and {@code environment}. */
    public static Process start(String mainClass, List<String> args, List<String> properties, Map<String, String> environment,
        Path log) throws IOException {
        return start(List.of(), mainClass, args, properties, environment, log);
    }

    /**
     * As {@link #start(String, List, List, Map, Path)}, the java command run by {@code launcher} (such as {@code ip
     * netns exec NAME}); empty for none.
     */
    public static Process start(List<String> launcher, String mainClass, List<String> args, List<String> properties,
        Map<String, String> environment, Path log) throws IOException {
        List<String> flags = new ArrayList<>(FLAGS);
        flags.addAll(inheritedProperties());
        flags.addAll(properties);
        List<String> command = new ArrayList<>(launcher);
        command.addAll(JavaCommand.of(JavaCommand.currentJava(), flags, testClassPath(), mainClass, args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    /** Waits until {@code process} accepts connections on {@code port}; fails with its output if it exits first. */
    public static void awaitListening(Process process, int port, Path log) throws IOException, InterruptedException {
        Listening.await(port, process, log, START_TIMEOUT);
    }

    /** Waits for {@code process} to exit; returns its status. */
    public static int awaitExit(Process process) throws InterruptedException {
        return awaitExit(process, STOP_TIMEOUT_SECONDS);
    }

    /** Waits up to {@code seconds} for {@code process} to exit; returns its status, or kills it and fails. */
    public static int awaitExit(Process process, long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the process did not exit within " + seconds + " s");
        }
        return process.exitValue();
    }

    /** SIGTERM, then SIGKILL if it is still running after a while. Never throws. */
    public static void stop(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
