package io.apogee.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The archive {@code ./mvnw package} built ({@code apogee.dist.archive}), unpacked with {@code tar} into an empty
 * directory as an operator unpacks it. Stateless helpers.
 */
final class UnpackedArchive {
    private UnpackedArchive() {
    }

    /** Unpacks the archive into {@code into}, which must be empty, and returns its top directory. */
    static Path unpack(Path into) throws IOException, InterruptedException {
        Path archive = Path.of(System.getProperty("apogee.dist.archive"));
        assertThat(archive).as("the archive the build made").isRegularFile();
        Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", into.toString())
            .redirectErrorStream(true).start();
        assertThat(tar.waitFor(60, TimeUnit.SECONDS)).as("tar finished").isTrue();
        assertThat(tar.exitValue()).as(new String(tar.getInputStream().readAllBytes())).isZero();
        Path home = into.resolve(System.getProperty("apogee.dist.name"));
        assertThat(home).isDirectory();
        return home;
    }

    /**
     * A process builder for {@code bin/apogee ARGS} with an environment holding only {@code JAVA_HOME} and a
     * {@code PATH} of system tools: no Maven, no class path, nothing of the source tree.
     */
    static ProcessBuilder apogee(Path home, String javaHome, String... args) {
        String[] command = new String[args.length + 1];
        command[0] = home.resolve("bin/apogee").toString();
        System.arraycopy(args, 0, command, 1, args.length);
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/bin:/bin");
        builder.environment().put("JAVA_HOME", javaHome);
        return builder;
    }

    /** The names of the jars in lib/. */
    static java.util.List<String> libraries(Path home) throws IOException {
        try (var files = Files.list(home.resolve("lib"))) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
