package io.apogee.perf.process;

/**
 * What the broker process cost over a run. Immutable.
 *
 * @param pid              the broker's process id
 * @param cpuSeconds       user plus system CPU time over the run
 * @param rssBytes         resident memory at the end (VmRSS)
 * @param peakRssBytes     the largest resident memory seen, sampled once a second
 * @param peakAnonRssBytes the largest anonymous resident memory seen (RssAnon: heaps, stacks, buffers), without the
 *                         file pages a mapped log adds to the resident memory, which the page cache holds anyway
 * @param youngGcs         young collections over the run, or -1 if the process is not a JVM jstat can read
 * @param youngGcSeconds   time in them, or -1 likewise
 * @param activity         its threads' context switches and its system calls over the run
 */
public record BrokerUsage(long pid, double cpuSeconds, long rssBytes, long peakRssBytes, long peakAnonRssBytes, long youngGcs,
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
