package io.apogee.broker.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * A histogram of message sizes in RocketMQ 5's buckets for {@code rocketmq_message_size} (1 KiB, 4 KiB, 512 KiB, 1, 2
 * and 4 MiB, and the rest), kept as one striped counter per bucket and one for the sum: a record costs a few compares
 * and two adds, with no lock and no allocation.
 *
 * <p>Thread-safe: any thread records, the exporter's thread reads.
 */
final class MessageSizes {
    /** The upper bounds of the buckets, in bytes, the last one unbounded. */
    static final double[] BOUNDS = {1 << 10, 4 << 10, 512 << 10, 1 << 20, 2 << 20, 4 << 20, Double.POSITIVE_INFINITY};

    private final LongAdder[] buckets = new LongAdder[BOUNDS.length];
    private final LongAdder sum = new LongAdder();

    MessageSizes() {
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] = new LongAdder();
        }
    }

    /** Records one size of {@code bytes}. */
    void record(long bytes) {
        int bucket = 0;
        while (bytes > BOUNDS[bucket]) {
            bucket++;
        }
        buckets[bucket].increment();
        sum.add(bytes);
    }

    /** The count of each bucket (not cumulative), in the order of {@link #BOUNDS}. */
    long[] counts() {
        long[] counts = new long[buckets.length];
        for (int i = 0; i < buckets.length; i++) {
            counts[i] = buckets[i].sum();
        }
        return counts;
    }

    /** The sum of the sizes recorded. */
    long sum() {
        return sum.sum();
    }
}
