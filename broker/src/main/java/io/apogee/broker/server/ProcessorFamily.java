package io.apogee.broker.server;

import io.apogee.broker.processor.Processor;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A processor with the one thread it runs on and the bounded queue in front of it: when the queue is full the
 * router answers SYSTEM_BUSY instead of queueing without bound. Thread-safe; {@link #close()} stops the thread.
 *
 * @param name      the family's name (also its thread's)
 * @param processor the processor
 * @param executor  its single thread with a bounded queue
 */
public record ProcessorFamily(String name, Processor processor, ExecutorService executor) implements AutoCloseable {
    /** A family named {@code name} whose queue holds {@code capacity} requests. */
    public static ProcessorFamily of(String name, Processor processor, int capacity) {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(capacity), runnable -> {
                Thread thread = new Thread(runnable, "apogee-" + name);
                thread.setDaemon(true);
                return thread;
            });
        return new ProcessorFamily(name, processor, executor);
    }

    /** Stops taking requests and waits up to 5 s for the queued ones. */
    @Override
    public void close() {
        executor.shutdown();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
