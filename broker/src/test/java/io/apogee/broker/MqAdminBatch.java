package io.apogee.broker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.rocketmq.tools.command.MQAdminStartup;

/**
 * Runs several mqadmin commands one after the other in this JVM, each through {@code MQAdminStartup.main} exactly as
 * the {@code mqadmin} script calls it, printing {@value #MARKER} and the command before each: one JVM start for a
 * test's commands instead of one per command. Arguments: the commands' words, commands separated by {@value #NEXT}.
 */
public final class MqAdminBatch {
    /** Separates commands in the arguments. */
    static final String NEXT = "--next";
    /** Starts each command's section of the output. */
    static final String MARKER = "### mqadmin";

    private MqAdminBatch() {
    }

    /** Entry point. */
    public static void main(String[] args) {
        List<String> command = new ArrayList<>();
        for (String arg : Arrays.asList(args)) {
            if (arg.equals(NEXT)) {
                run(command);
                command.clear();
            } else {
                command.add(arg);
            }
        }
        run(command);
        System.out.flush();
        System.exit(0); // the admin client's threads are not daemons
    }

    private static void run(List<String> command) {
        if (command.isEmpty()) {
            return;
        }
        System.out.println(MARKER + " " + String.join(" ", command));
        System.out.flush();
        MQAdminStartup.main(command.toArray(String[]::new));
        System.out.println();
        System.out.flush();
    }
}
