package io.apogee.broker.request;

import io.apogee.wire.code.ResponseCode;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A processor with the thread it runs on: either one thread of its own behind a bounded queue (when the queue is full
 * the router answers SYSTEM_BUSY instead of queueing without bound), or, for a processor that never blocks, the I/O
 * thread that read the request, with one processor instance per event loop (no hand-over, no queue: its own
 * back-pressure answers when it cannot take more). Thread-safe; {@link #close()} stops the thread.
 *
 * @param name      the family's name (also its thread's)
 * @param processor the processor
 * @param executor  its single thread with a bounded queue, or null when it runs on the I/O threads
 */
public record ProcessorFamily(String name, Processor processor, ExecutorService executor) implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessorFamily.class);

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
     * A family run on the I/O thread that reads each request, with a processor from {@code perLoop} made for each
     * event loop on its first request. For processors that never block.
     */
    public static ProcessorFamily onIoThreads(String name, Supplier<Processor> perLoop) {
        return new ProcessorFamily(name, new PerLoopProcessor(perLoop), null);
    }

    /** True when requests run on the I/O thread that read them. */
    public boolean onIoThreads() {
        return executor == null;
    }

    /**
     * Runs {@code exchange} through the processor on this thread. An exchange the processor neither answered nor
     * held, or left open when it threw, is answered SYSTEM_ERROR here, so that every exchange closes.
     */
    void run(Exchange exchange) {
        long before = exchange.stamp();
        try {
            processor.process(exchange);
        } catch (RuntimeException e) {
            if (exchange.untouchedSince(before)) {
                LOG.warn("{}: {} failed on {}", exchange.peer().address(), name, exchange.request(), e);
                answerFailure(exchange, e.toString());
            } else {
                // answered or held before the failure: the exchange is no longer this thread's to touch
                LOG.warn("{} failed after answering or holding its request", name, e);
            }
            return;
        }
        if (exchange.untouchedSince(before)) {
            LOG.warn("{}: {} left {} unanswered", exchange.peer().address(), name, exchange.request());
            answerFailure(exchange, name + " gave no answer");
        }
    }

    private static void answerFailure(Exchange exchange, String remark) {
        try {
            exchange.reply(ResponseCode.SYSTEM_ERROR, remark);
        } catch (RuntimeException e) {
            LOG.warn("could not answer a failed request", e); // the exchange closed all the same
        }
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
