package io.apogee.perf.process;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each thread of a process did over a window, from samples of all its threads taken at the start, now and then
 * during the window, and at the end. A thread present in the first sample counts from its value then; a thread
 * that started later counts from zero, since all it did was inside the window. A thread that ended counts up to the
 * last sample that saw it, so the work it did after that sample is missed: sample often (once a second) and read
 * {@link Totals#threadsEnded()} to know how many such threads there were. A thread that started and ended between
 * two samples is missed entirely. Not thread-safe: one sampling thread owns it.
 */
public final class ThreadLedger {
    private final Map<Key, Entry> threads = new LinkedHashMap<>();
    private boolean first = true;
    private int started;

    /**
     * The totals over all threads of a ledger.
     *
     * @param cpuTicks       user plus system CPU, clock ticks
     * @param voluntary      voluntary context switches
     * @param involuntary    involuntary context switches
     * @param threadsSeen    threads seen over the window
     * @param threadsStarted threads that started after the first sample
     * @param threadsEnded   threads that were gone at the last sample
     */
    public record Totals(long cpuTicks, long voluntary, long involuntary, int threadsSeen, int threadsStarted,
                         int threadsEnded) {
        /** Context switches of both kinds. */
        public long switches() {
            return voluntary + involuntary;
        }
    }

    /**
     * What one thread did inside the window.
     *
     * @param tid         its id
     * @param name        its name
     * @param cpuTicks    user plus system CPU, clock ticks
     * @param voluntary   voluntary context switches
     * @param involuntary involuntary context switches
     * @param ended       whether it was gone at the last sample
     */
    public record ThreadCost(long tid, String name, long cpuTicks, long voluntary, long involuntary, boolean ended) {
        /** Context switches of both kinds. */
        public long switches() {
            return voluntary + involuntary;
        }
    }

    private record Key(long tid, long startTicks) {
    }

    /** Where a thread's count starts, the last sample that saw it, and whether the latest sample saw it. */
    private static final class Entry {
        private final ThreadSample base;
        private ThreadSample last;
        private boolean present;

        Entry(ThreadSample base, ThreadSample last) {
            this.base = base;
            this.last = last;
            this.present = true;
        }
    }

    /** Takes in a sample of every thread of the process, the first one setting where the window starts. */
    public void observe(List<ThreadSample> samples) {
        for (Entry entry : threads.values()) {
            entry.present = false;
        }
        for (ThreadSample sample : samples) {
            Key key = new Key(sample.tid(), sample.startTicks());
            Entry entry = threads.get(key);
            if (entry != null) {
                entry.last = sample;
                entry.present = true;
            } else if (first) {
                threads.put(key, new Entry(sample, sample));
            } else {
                threads.put(key, new Entry(new ThreadSample(sample.tid(), sample.startTicks(), sample.name(), 0, 0, 0), sample));
                started++;
            }
        }
        first = false;
    }

    /** The totals over all threads so far. */
    public Totals totals() {
        long cpu = 0;
        long voluntary = 0;
        long involuntary = 0;
        int ended = 0;
        for (ThreadCost thread : threads()) {
            cpu += thread.cpuTicks();
            voluntary += thread.voluntary();
            involuntary += thread.involuntary();
            ended += thread.ended() ? 1 : 0;
        }
        return new Totals(cpu, voluntary, involuntary, threads.size(), started, ended);
    }

    /** Each thread's cost, those with the most context switches first (then the most CPU). */
    public List<ThreadCost> threads() {
        List<ThreadCost> costs = new ArrayList<>(threads.size());
        for (Entry entry : threads.values()) {
            costs.add(new ThreadCost(entry.last.tid(), entry.last.name(), entry.last.cpuTicks() - entry.base.cpuTicks(),
                entry.last.voluntary() - entry.base.voluntary(), entry.last.involuntary() - entry.base.involuntary(),
                !entry.present));
        }
        costs.sort(Comparator.comparingLong(ThreadCost::switches).thenComparingLong(ThreadCost::cpuTicks).reversed());
        return costs;
    }
}
