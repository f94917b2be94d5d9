package io.apogee.perf.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which CPUs the brokers and the load generator of a comparison may run on, set with {@code taskset -c LIST} in
 * front of each child's command. taskset execs the command, so the child keeps its pid, and everything the child
 * starts inherits the set. A JVM sizes its GC and pool threads by the CPUs it may use, so pinning changes both
 * processes' thread counts as well. Immutable.
 *
 * @param brokerCpus the brokers' CPU list (e.g. "0" or "0-1"), or null to leave them unpinned
 * @param clientCpus the load generator's, or null likewise
 */
record CpuPinning(String brokerCpus, String clientCpus) {
    /** No pinning. */
    static final CpuPinning NONE = new CpuPinning(null, null);
    private static final Pattern CPU_LIST = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");

    /** The first half of {@code cores} CPUs for the brokers and the rest for the load generator (0 and 1 of 2). */
    static CpuPinning split(int cores) {
        if (cores < 2) {
            throw new IllegalArgumentException("pinning needs 2 cores or more, not " + cores);
        }
        int half = cores / 2;
        return new CpuPinning(range(0, half - 1), range(half, cores - 1));
    }

    private static String range(int first, int last) {
        return first == last ? Integer.toString(first) : first + "-" + last;
    }

    /** Whether {@code list} is a CPU list taskset takes, such as "0", "0-3" or "0,2-3". */
    static boolean isCpuList(String list) {
        return CPU_LIST.matcher(list).matches();
    }

    /** {@code command} of a broker process (or its name server), pinned if the brokers are. */
    List<String> broker(List<String> command) {
        return pinned(brokerCpus, command);
    }

    /** {@code command} of the load generator, pinned if it is. */
    List<String> client(List<String> command) {
        return pinned(clientCpus, command);
    }

    /** Pins {@code builder}'s command as a broker's. */
    ProcessBuilder broker(ProcessBuilder builder) {
        return builder.command(broker(builder.command()));
    }

    private static List<String> pinned(String cpus, List<String> command) {
        if (cpus == null) {
            return command;
        }
        List<String> pinned = new ArrayList<>(List.of("taskset", "-c", cpus));
        pinned.addAll(command);
        return pinned;
    }

    /** How the processes were placed, for the table's header. */
    String describe() {
        if (brokerCpus == null && clientCpus == null) {
            return "not pinned (brokers and load generator share all cores)";
        }
        return String.format(Locale.ROOT, "pinned with taskset: brokers on CPU %s, load generator on CPU %s",
            brokerCpus == null ? "any" : brokerCpus, clientCpus == null ? "any" : clientCpus);
    }
}
