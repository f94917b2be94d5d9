package io.apogee.perf.process;

/**
 * Parses what {@code perf stat -x, -e EVENT} writes to its standard error: one line per event,
 * {@code count,unit,event,running-time,percent,...}. A count of {@code <not counted>} means no thread of the target
 * ran while perf watched, so it made no calls; {@code <not supported>} means the event could not be counted.
 * Stateless.
 */
public final class PerfStatOutput {
    private static final int COUNT = 0;
    private static final int EVENT = 2;

    private PerfStatOutput() {
    }

    /** The count of {@code event} in {@code output}, or -1 if perf did not count it. */
    public static long count(String output, String event) {
        for (String line : output.split("\\R")) {
            String[] fields = line.split(",", -1);
            if (fields.length <= EVENT || !fields[EVENT].equals(event)) {
                continue;
            }
            String count = fields[COUNT].strip();
            if (count.equals("<not counted>")) {
                return 0;
            }
            try {
                return Long.parseLong(count);
            } catch (NumberFormatException notSupported) {
                return -1;
            }
        }
        return -1;
    }
}
