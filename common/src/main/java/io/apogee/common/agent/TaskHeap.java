package io.apogee.common.agent;

import java.util.Arrays;

/**
 * A binary min-heap of {@link ScheduledTask}s by deadline, where each task knows its index, so that a cancelled task
 * is removed in logarithmic time rather than waiting for its deadline.
 *
 * <p>Not thread-safe: owned by the scheduler's thread.
 */
final class TaskHeap {
    private static final int INITIAL_CAPACITY = 64;

    private ScheduledTask[] tasks = new ScheduledTask[INITIAL_CAPACITY];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The task due first, or null when empty. */
    ScheduledTask first() {
        return size == 0 ? null : tasks[0];
    }

    void add(ScheduledTask task) {
        if (size == tasks.length) {
            tasks = Arrays.copyOf(tasks, size * 2);
        }
        place(task, size);
        size++;
        siftUp(task.heapIndex());
    }

    /** Removes {@code task} if it is here. */
    void remove(ScheduledTask task) {
        int index = task.heapIndex();
        if (index < 0 || index >= size || tasks[index] != task) {
            return;
        }
        size--;
        ScheduledTask last = tasks[size];
        tasks[size] = null;
        task.heapIndex(-1);
        if (last != task) {
            place(last, index);
            siftDown(index);
            siftUp(last.heapIndex());
        }
    }

    private void siftUp(int from) {
        int index = from;
        ScheduledTask task = tasks[index];
        while (index > 0) {
            int parent = (index - 1) >>> 1;
            if (!task.before(tasks[parent])) {
                break;
            }
            place(tasks[parent], index);
            index = parent;
        }
        place(task, index);
    }

    private void siftDown(int from) {
        int index = from;
        ScheduledTask task = tasks[index];
        while (true) {
            int child = 2 * index + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && tasks[child + 1].before(tasks[child])) {
                child++;
            }
            if (!tasks[child].before(task)) {
                break;
            }
            place(tasks[child], index);
            index = child;
        }
        place(task, index);
    }

    private void place(ScheduledTask task, int index) {
        tasks[index] = task;
        task.heapIndex(index);
    }
}
