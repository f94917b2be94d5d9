package io.apogee.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a child JVM: {@code java FLAGS -cp CLASSPATH MAIN ARGS}. Stateless.
 */
public final class JavaCommand {
    private JavaCommand() {
    }

    /** The java executable of the running JVM. */
    public static String currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The command starting {@code mainClass} with {@code args} in a JVM {@code java} with {@code flags}. */
    public static List<String> of(String java, List<String> flags, String classPath, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(flags);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        command.addAll(args);
        return command;
    }
}
