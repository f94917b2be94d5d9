package io.apogee.broker.server;

import io.apogee.broker.processor.Processor;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A processor with the thread it runs on: either one thread of its own behind a bounded queue (when the queue is full
 * the router answers SYSTEM_BUSY instead of queueing without bound), or, for a processor that never blocks, the I/O
 * thread that read the request, with one processor instance per I/O thread (no hand-over, no queue: its own
 * back-pressure answers when it cannot take more). Thread-safe; {@link #close()} stops the thread.
 *
 * @param name      the family's name (also its thread's)
 * @param processor the processor
 * @param executor  its single thread with a bounded queue, or null when it runs on the I/O threads
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

    /**
     * A family run on the I/O thread that reads each request, with a processor from {@code perThread} made for each
     * I/O thread on its first request. For processors that never block.
     */
    public static ProcessorFamily onIoThreads(String name, Supplier<Processor> perThread) {
        ThreadLocal<Processor> processors = ThreadLocal.withInitial(perThread);
        return new ProcessorFamily(name, (peer, request, body) -> processors.get().process(peer, request, body), null);
    }

    /** True when requests run on the I/O thread that read them. */
    public boolean onIoThreads() {
        return executor == null;
    }

    /** Stops taking requests and waits up to 5 s for the queued ones. */
    @Override
    public void close() {
        if (executor == null) {
            return;
        }
        executor.shutdown();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
