package io.apogee.perf.process;

/**
 * What the broker process cost over a run. Immutable.
 *
 * @param pid              the broker's process id
 * @param cpuSeconds       user plus system CPU time over the run
 * @param rssBytes         resident memory at the end (VmRSS)
 * @param peakRssBytes     the largest resident memory seen, sampled once a second
 * @param youngGcs         young collections over the run, or -1 if the process is not a JVM jstat can read
 * @param youngGcSeconds   time in them, or -1 likewise
 * @param activity         its threads' context switches and its system calls over the run
 */
public record BrokerUsage(long pid, double cpuSeconds, long rssBytes, long peakRssBytes, long youngGcs,
                          double youngGcSeconds, ProcessActivity activity) {
    private static final double MILLION = 1e6;

    /** CPU seconds per million {@code messages}; 0 when there were none. */
    public double cpuSecondsPerMillion(long messages) {
        return messages == 0 ? 0 : cpuSeconds * MILLION / messages;
    }

    /** Whether the young GC figures are known. */
    public boolean isJvm() {
        return youngGcs >= 0;
    }
}
