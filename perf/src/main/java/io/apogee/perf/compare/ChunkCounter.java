package io.apogee.perf.compare;

import com.rabbitmq.stream.metrics.MetricsCollector;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the chunks the stream client receives, so that a read can say in how many chunks its messages came: the
 * client's cost per message depends on it (one credit, one frame and one hand-off to its dispatching thread per
 * chunk). Ignores everything else the client reports. Safe for any thread.
 */
final class ChunkCounter implements MetricsCollector {
    private final LongAdder chunks = new LongAdder();

    /** Chunks received so far. */
    long chunks() {
        return chunks.sum();
    }

    @Override
    public void chunk(int entriesCount) {
        chunks.increment();
    }

    @Override
    public void openConnection() {
        // not counted
    }

    @Override
    public void closeConnection() {
        // not counted
    }

    @Override
    public void publish(int count) {
        // not counted
    }

    @Override
    public void publishConfirm(int count) {
        // not counted
    }

    @Override
    public void publishError(int count) {
        // not counted
    }

    @Override
    public void consume(long count) {
        // not counted
    }

    @Override
    public void writtenBytes(int writtenBytes) {
        // not counted
    }

    @Override
    public void readBytes(int readBytes) {
        // not counted
    }
}
