package io.apogee.broker.timer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The primitive heap against java.util.PriorityQueue on random adds, removals and drops (seed printed). */
class PendingTimersTest {
    private static final Comparator<long[]> ORDER = Comparator.<long[]>comparingLong(pair -> pair[0])
        .thenComparingLong(pair -> pair[1]);

    @Test
    void givesTheEarliestFirstLikeAPriorityQueue() {
        long seed = Long.getLong("apogee.seed", System.nanoTime());
        System.out.println("PendingTimersTest seed " + seed);
        Random random = new Random(seed);
        PendingTimers heap = new PendingTimers();
        PriorityQueue<long[]> oracle = new PriorityQueue<>(ORDER);
        long offset = 0;
        for (int step = 0; step < 50_000; step++) {
            int action = random.nextInt(100);
            if (action < 55 || oracle.isEmpty()) {
                long time = random.nextInt(1_000); // many equal times: the offset breaks ties
                heap.add(time, offset);
                oracle.add(new long[] {time, offset});
                offset++;
            } else if (action < 99) {
                long[] first = oracle.poll();
                assertThat(new long[] {heap.firstTime(), heap.firstOffset()}).as("seed %d step %d", seed, step)
                    .containsExactly(first);
                heap.removeFirst();
            } else {
                long end = random.nextInt(1_000);
                int before = oracle.size();
                oracle.removeIf(pair -> pair[0] > end);
                assertThat(heap.dropAfter(end)).as("seed %d step %d", seed, step).isEqualTo(before - oracle.size());
            }
            assertThat(heap.size()).isEqualTo(oracle.size());
        }
        List<long[]> rest = new ArrayList<>();
        while (!heap.isEmpty()) {
            rest.add(new long[] {heap.firstTime(), heap.firstOffset()});
            heap.removeFirst();
        }
        List<long[]> expected = new ArrayList<>(oracle);
        expected.sort(ORDER);
        assertThat(rest).as("seed %d", seed).containsExactlyElementsOf(expected);
    }

    @Test
    void ranksTimesAndKeepsItsOrderWhileItShrinks() {
        PendingTimers heap = new PendingTimers();
        for (int i = 0; i < 10_000; i++) {
            heap.add(10_000 - i, i);
        }
        assertThat(heap.timeAtRank(0)).isEqualTo(1);
        assertThat(heap.timeAtRank(4_999)).isEqualTo(5_000);
        for (int i = 0; i < 9_990; i++) {
            heap.removeFirst();
        }
        assertThat(heap.size()).isEqualTo(10);
        assertThat(heap.firstTime()).isEqualTo(9_991);
    }
}
