package io.apogee.perf.process;

/**
 * Young collections of a JVM as {@code jstat -gc PID} prints them: a header line of column names and a line of
 * values; the columns YGC (count) and YGCT (seconds) are found by name, since their position changes between JDKs.
 * Immutable.
 *
 * @param youngCount   young collections so far
 * @param youngSeconds time spent in them so far
 */
public record JstatGc(long youngCount, double youngSeconds) {
    /**
     * Parses the output of {@code jstat -gc PID}.
     *
     * @throws IllegalArgumentException if it has no YGC and YGCT columns with values
     */
    public static JstatGc parse(String output) {
        String[] lines = output.strip().split("\\R");
        for (int i = 0; i + 1 < lines.length; i++) {
            String[] names = lines[i].trim().split("\\s+");
            String[] values = lines[i + 1].trim().split("\\s+");
            int count = indexOf(names, "YGC");
            int time = indexOf(names, "YGCT");
            if (count >= 0 && time >= 0 && values.length == names.length) {
                try {
                    return new JstatGc(Long.parseLong(values[count]), Double.parseDouble(values[time]));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("YGC or YGCT is not a number in: " + output.strip(), e);
                }
            }
        }
        throw new IllegalArgumentException("no YGC and YGCT columns in: " + output.strip());
    }

    /** What happened between {@code earlier} and this. */
    public JstatGc since(JstatGc earlier) {
        return new JstatGc(youngCount - earlier.youngCount, youngSeconds - earlier.youngSeconds);
    }

    private static int indexOf(String[] names, String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
