package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The broker's packages form no cycle, read from the imports of its main sources, and the request framework depends
 * on no package above it: a processor family may use the framework, never the reverse.
 */
class PackageCyclesTest {
    private static final Path SOURCES = Path.of("src/main/java/io/apogee/broker");
    private static final Pattern IMPORT = Pattern.compile("^import (io\\.apogee\\.broker\\.[a-z]+)\\.", Pattern.MULTILINE);

    @Test
    void noPackageReachesItselfAgain() throws IOException {
        Map<String, Set<String>> uses = imports();
        assertThat(uses).as("the sources were read").containsKey("io.apogee.broker.send");
        List<String> cycles = new ArrayList<>();
        for (String start : uses.keySet()) {
            if (reaches(uses, start, start, new HashSet<>())) {
                cycles.add(start);
            }
        }
        assertThat(cycles).as("packages on an import cycle").isEmpty();
    }

    @Test
    void theRequestFrameworkUsesNoOtherBrokerPackage() throws IOException {
        assertThat(imports().getOrDefault("io.apogee.broker.request", Set.of())).isEmpty();
    }

    private static boolean reaches(Map<String, Set<String>> uses, String from, String target, Set<String> seen) {
        for (String next : uses.getOrDefault(from, Set.of())) {
            if (next.equals(target) || seen.add(next) && reaches(uses, next, target, seen)) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, Set<String>> imports() throws IOException {
        Map<String, Set<String>> uses = new HashMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                String pkg = "io.apogee.broker" + packageSuffix(file);
                Matcher matcher = IMPORT.matcher(Files.readString(file));
                while (matcher.find()) {
                    if (!matcher.group(1).equals(pkg)) {
                        uses.computeIfAbsent(pkg, key -> new TreeSet<>()).add(matcher.group(1));
                    }
                }
            }
        }
        return uses;
    }

    private static String packageSuffix(Path file) {
        Path relative = SOURCES.relativize(file.getParent());
        return relative.toString().isEmpty() ? "" : "." + relative.toString().replace('/', '.');
    }
}
