package io.apogee.broker;

import io.apogee.testsupport.process.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * mqadmin (rocketmq-tools 5.4.0, {@code MQAdminStartup}) in a child JVM against a name server: the commands of one
 * call run in one JVM ({@link MqAdminBatch}), and their printed output comes back per command.
 */
public final class MqAdmin {
    /**
     * How long one call may take: a JVM start, then per command an admin client's start and shutdown, which waits
     * for its executors for seconds; a busy 2-core machine takes several times as long as a quiet one.
     */
    private static final int BASE_SECONDS = 30;
    private static final int SECONDS_PER_COMMAND = 10;
    private final String nameServer;
    private final Path dir;
    private final List<String> jvmFlags = new ArrayList<>();
    private int runs;

    /** mqadmin against {@code nameServer}, writing logs and output under {@code dir}. */
    public MqAdmin(String nameServer, Path dir) {
        this.nameServer = nameServer;
        this.dir = dir;
    }

    /**
     * mqadmin signing every request with {@code accessKey} and {@code secretKey}, as it does when its
     * {@code conf/tools.yml} under the RocketMQ home gives them.
     */
    MqAdmin(String nameServer, Path dir, String accessKey, String secretKey) throws IOException {
        this(nameServer, dir);
        Path home = Files.createDirectories(dir.resolve("rocketmq-home-" + accessKey).resolve("conf")).getParent();
        Files.writeString(home.resolve("conf").resolve("tools.yml"),
            "accessKey: " + accessKey + "\nsecretKey: " + secretKey + "\n", StandardCharsets.UTF_8);
        jvmFlags.add("-Drocketmq.home.dir=" + home);
    }

    /**
     * The same mqadmin connecting over TLS, as {@code JAVA_OPT=-Dtls.enable=true} makes it, trusting any server (test
     * mode); {@code noTlsConfig} is a file that does not exist, so that no {@code /etc/rocketmq/tls.properties} counts.
     */
    MqAdmin overTls(Path noTlsConfig) {
        jvmFlags.add("-Dtls.enable=true");
        jvmFlags.add("-Dtls.config.file=" + noTlsConfig);
        return this;
    }

    /**
     * Runs each command (its words, without {@code -n}) and returns each one's output in order; the first word of a
     * command names it.
     */
    public List<String> run(List<List<String>> commands) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>();
        for (List<String> command : commands) {
            if (!args.isEmpty()) {
                args.add(MqAdminBatch.NEXT);
            }
            args.addAll(command);
            args.add("-n");
            args.add(nameServer);
        }
        int run = ++runs;
        Path home = Files.createDirectories(dir.resolve("mqadmin-home-" + run));
        Path log = dir.resolve("mqadmin-" + run + ".out");
        List<String> flags = new ArrayList<>(List.of("-Duser.home=" + home, "-Drocketmq.client.logRoot=" + home));
        flags.addAll(jvmFlags);
        Process process = ChildJvm.start(MqAdminBatch.class.getName(), args, flags, Map.of(), log);
        int status;
        try {
            status = ChildJvm.awaitExit(process, BASE_SECONDS + SECONDS_PER_COMMAND * commands.size());
        } catch (AssertionError stuck) {
            throw new AssertionError(stuck.getMessage() + "; mqadmin printed:\n" + Files.readString(log, StandardCharsets.UTF_8),
                stuck);
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        if (status != 0) {
            throw new AssertionError("mqadmin exited with " + status + ":\n" + output);
        }
        String[] parts = output.split("(?m)^" + MqAdminBatch.MARKER + " ");
        List<String> result = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
            result.add(parts[i]);
        }
        if (result.size() != commands.size()) {
            throw new AssertionError("expected " + commands.size() + " command outputs:\n" + output);
        }
        return result;
    }

    /** Runs one command and returns its output. */
    String run(String... command) throws IOException, InterruptedException {
        return run(List.of(List.of(command))).getFirst();
    }
}
