package io.apogee.common.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TaskHeapTest {
    private static final Runnable NOTHING = () -> { };

    @Test
    void removesInDeadlineOrderAfterRandomRemovals() {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        TaskHeap heap = new TaskHeap();
        List<ScheduledTask> live = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            ScheduledTask task = new ScheduledTask(null, NOTHING, random.nextLong(1_000), 0, i);
            heap.add(task);
            live.add(task);
        }
        for (int i = 0; i < 200; i++) {
            ScheduledTask gone = live.remove(random.nextInt(live.size()));
            heap.remove(gone);
            assertThat(gone.heapIndex()).as("seed %d", seed).isEqualTo(-1);
        }
        live.sort((a, b) -> a.before(b) ? -1 : 1);
        for (ScheduledTask expected : live) {
            ScheduledTask first = heap.first();
            assertThat(first).as("seed %d", seed).isSameAs(expected);
            heap.remove(first);
        }
        assertThat(heap.isEmpty()).isTrue();
    }

    @Test
    void removingATaskNotHeldChangesNothing() {
        TaskHeap heap = new TaskHeap();
        ScheduledTask held = new ScheduledTask(null, NOTHING, 5, 0, 0);
        heap.add(held);
        heap.remove(new ScheduledTask(null, NOTHING, 1, 0, 1));
        assertThat(heap.size()).isEqualTo(1);
        assertThat(heap.first()).isSameAs(held);
    }
}
