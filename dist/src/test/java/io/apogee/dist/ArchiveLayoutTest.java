package io.apogee.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.server.BrokerConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the archive holds: an executable launcher, the runtime jars and nothing of the tests, a NOTICE naming every
 * bundled jar, a broker.conf whose every commented key is one the broker takes, and the systemd example; its
 * launcher refuses an old Java and routes {@code store export-rocketmq} to the broker's export.
 */
class ArchiveLayoutTest {
    /** A jar's name without its version: "netty-codec-base-4.2.18.Final.jar" gives "netty-codec-base". */
    private static final Pattern ARTIFACT = Pattern.compile("^(.+?)-\\d[^-]*(?:-[^-]+)*\\.jar$");
    private static final Pattern COMMENTED_KEY = Pattern.compile("^#([A-Za-z][\\w.]*)=(.*)$");

    @TempDir
    static Path dir;
    private static Path home;

    @BeforeAll
    static void unpack() throws IOException, InterruptedException {
        home = UnpackedArchive.unpack(dir);
    }

    @Test
    void theLauncherIsExecutableAndTheTopFilesArePresent() throws IOException {
        assertThat(Files.getPosixFilePermissions(home.resolve("bin/apogee"))).contains(PosixFilePermission.OWNER_EXECUTE,
            PosixFilePermission.OTHERS_EXECUTE);
        assertThat(home.resolve("LICENSE")).content().contains("Apache License", "Version 2.0");
        assertThat(home.resolve("conf/logback.xml")).content().contains("RollingFileAppender", "${LOG_DIR}/${LOG_NAME}.log");
        assertThat(home.resolve("conf/systemd/apogee-broker.service")).content()
            .contains("ExecStart=/opt/apogee/bin/apogee broker -c /opt/apogee/conf/broker.conf");
    }

    @Test
    void libHoldsTheRuntimeJarsWithLogbackAndNothingOfTheTests() throws IOException {
        List<String> jars = UnpackedArchive.libraries(home);
        assertThat(jars).anyMatch(jar -> jar.startsWith("apogee-broker-"))
            .anyMatch(jar -> jar.startsWith("apogee-controller-"))
            .anyMatch(jar -> jar.startsWith("apogee-cli-"))
            .anyMatch(jar -> jar.startsWith("logback-classic-"))
            .allMatch(jar -> jar.endsWith(".jar"))
            .noneMatch(jar -> jar.startsWith("slf4j-simple"))
            .noneMatch(jar -> jar.startsWith("apogee-test-support") || jar.startsWith("junit") || jar.startsWith("assertj")
                || jar.startsWith("rocketmq-"));
    }

    @Test
    void noticeNamesEveryBundledLibrary() throws IOException {
        String notice = Files.readString(home.resolve("NOTICE"), StandardCharsets.UTF_8);
        for (String jar : UnpackedArchive.libraries(home)) {
            if (jar.startsWith("apogee-")) {
                continue;
            }
            Matcher artifact = ARTIFACT.matcher(jar);
            assertThat(artifact.matches()).as(jar).isTrue();
            assertThat(notice).as("NOTICE names " + jar).containsPattern("[ ,:]" + Pattern.quote(artifact.group(1)) + "(,|\\s|$)");
        }
    }

    @Test
    void everyKeyOfBrokerConfIsOneTheBrokerTakesWithItsValue() throws IOException {
        List<String> lines = Files.readAllLines(home.resolve("conf/broker.conf"), StandardCharsets.UTF_8);
        assertThat(BrokerConfig.load(home.resolve("conf/broker.conf"), dir.resolve("store")).storeRoot())
            .as("the file as shipped: every key at its default").isEqualTo(dir.resolve("store"));
        StringBuilder uncommented = new StringBuilder();
        int keys = 0;
        for (String line : lines) {
            Matcher key = COMMENTED_KEY.matcher(line);
            if (key.matches()) {
                uncommented.append(key.group(1)).append('=').append(key.group(2)).append('\n');
                keys++;
            }
        }
        assertThat(keys).isGreaterThan(20);
        Path file = Files.writeString(dir.resolve("uncommented.conf"), uncommented);
        // the broker refuses an unknown key or a bad value: this loads only if every line is right
        assertThat(BrokerConfig.load(file, dir.resolve("store")).storeRoot()).isEqualTo(Path.of("/var/lib/apogee/store"));
    }

    @Test
    @Tag("slow") // a child JVM
    void theStoreExportOfTheArchiveRunsAndRefusesADirectoryThatIsNoStore() throws IOException, InterruptedException {
        Path notAStore = Files.createDirectories(dir.resolve("not-a-store"));
        Process process = UnpackedArchive.apogee(home, System.getProperty("java.home"), "store", "export-rocketmq",
            notAStore.toString()).redirectErrorStream(true).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
            .contains("apogee store export-rocketmq: " + notAStore + " is not a store directory: it has no commitlog/");
        assertThat(process.exitValue()).isEqualTo(1);
    }

    @Test
    void theLauncherRefusesAJavaOlderThan25WithAMessage() throws IOException, InterruptedException {
        Path oldJdk = Files.createDirectories(dir.resolve("old-jdk/bin"));
        Path java = oldJdk.resolve("java");
        // answers -XshowSettings:properties as a Java 17 does
        Files.writeString(java, "#!/bin/sh\necho '    java.specification.version = 17' >&2\n");
        java.toFile().setExecutable(true);
        Process process = UnpackedArchive.apogee(home, oldJdk.getParent().toString(), "broker").redirectErrorStream(true)
            .start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(1);
        assertThat(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
            .contains("is Java 17; Apogee needs Java 25 or newer (set JAVA_HOME)");
    }
}
