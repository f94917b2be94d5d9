package io.apogee.perf.process;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The accounting over a window: threads present at the start count from their values then, threads started inside
 * the window from zero, ended threads up to the last sample that saw them, and a reused thread id is a new thread.
 */
class ThreadLedgerTest {
    private static ThreadSample thread(long tid, long start, long cpu, long voluntary, long involuntary) {
        return new ThreadSample(tid, start, "t" + tid, cpu, voluntary, involuntary);
    }

    @Test
    void threadsPresentAtTheStartCountWhatTheyDidSince() {
        ThreadLedger ledger = new ThreadLedger();
        ledger.observe(List.of(thread(1, 100, 50, 1000, 10), thread(2, 100, 5, 20, 2)));
        ledger.observe(List.of(thread(1, 100, 60, 1400, 15), thread(2, 100, 5, 20, 2)));
        ThreadLedger.Totals totals = ledger.totals();
        assertThat(totals).isEqualTo(new ThreadLedger.Totals(10, 400, 5, 2, 0, 0));
        assertThat(totals.switches()).isEqualTo(405);
        assertThat(ledger.threads()).first().isEqualTo(new ThreadLedger.ThreadCost(1, "t1", 10, 400, 5, false));
    }

    @Test
    void aThreadStartedInsideTheWindowCountsFromZero() {
        ThreadLedger ledger = new ThreadLedger();
        ledger.observe(List.of(thread(1, 100, 50, 1000, 10)));
        ledger.observe(List.of(thread(1, 100, 50, 1000, 10), thread(7, 300, 3, 30, 1)));
        ledger.observe(List.of(thread(1, 100, 50, 1000, 10), thread(7, 300, 4, 70, 1)));
        assertThat(ledger.totals()).isEqualTo(new ThreadLedger.Totals(4, 70, 1, 2, 1, 0));
    }

    @Test
    void aThreadThatEndedCountsUpToTheLastSampleThatSawIt() {
        ThreadLedger ledger = new ThreadLedger();
        ledger.observe(List.of(thread(1, 100, 0, 0, 0), thread(2, 100, 10, 100, 0)));
        ledger.observe(List.of(thread(1, 100, 0, 0, 0), thread(2, 100, 12, 150, 1)));
        ledger.observe(List.of(thread(1, 100, 1, 3, 0)));
        assertThat(ledger.totals()).isEqualTo(new ThreadLedger.Totals(3, 53, 1, 2, 0, 1));
        assertThat(ledger.threads()).containsExactly(new ThreadLedger.ThreadCost(2, "t2", 2, 50, 1, true),
            new ThreadLedger.ThreadCost(1, "t1", 1, 3, 0, false));
    }

    @Test
    void aReusedThreadIdWithAnotherStartTimeIsANewThread() {
        ThreadLedger ledger = new ThreadLedger();
        ledger.observe(List.of(thread(5, 100, 10, 500, 5)));
        ledger.observe(List.of(thread(5, 900, 1, 8, 0)));
        ThreadLedger.Totals totals = ledger.totals();
        assertThat(totals.threadsSeen()).isEqualTo(2);
        assertThat(totals.threadsStarted()).isEqualTo(1);
        assertThat(totals.threadsEnded()).isEqualTo(1);
        assertThat(totals.voluntary()).as("the old thread's 500 switches before the window are not counted").isEqualTo(8);
    }
}
