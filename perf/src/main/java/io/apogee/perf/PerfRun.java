package io.apogee.perf;

import io.apogee.common.time.Clock;
import io.apogee.perf.client.SendClient;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One run of {@code apogee perf}: starts the consumers, then the producer threads; prints a line a second while they
 * send and while the consumers drain; stops them; and returns the {@link FinalReport}. Not thread-safe: one thread
 * (the main thread) calls {@link #run()} once.
 */
public final class PerfRun {
    private static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long ASSIGN_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final PerfCommand options;
    private final PrintStream out;
    private final Clock clock;
    private final long runId = ThreadLocalRandom.current().nextLong();
    private final RunMetrics metrics = new RunMetrics();
    private final DeliveryVerifier verifier;
    private final LongAdder inFlight = new LongAdder();
    /** When a duration run stops sending: set once the measured window has begun (attaching its counters takes time). */
    private final AtomicLong stopAt = new AtomicLong(Long.MAX_VALUE);
    private Thread stopper;
    private MeasuredWindow window;

    /** A run with {@code options}, printing to {@code out}, timing with {@code clock}. */
    public PerfRun(PerfCommand options, PrintStream out, Clock clock) {
        this.options = options;
        this.out = out;
        this.clock = clock;
        this.verifier = new DeliveryVerifier(runId, options.size);
    }

    /** Runs to the end and returns the figures. */
    public FinalReport run() throws InterruptedException {
        String group = options.group != null ? options.group : "apogee_perf_" + Long.toHexString(runId);
        out.printf(Locale.ROOT,
            "apogee perf (%s client): topic %s, %d producers, %s sends, %d B, batch %d, rate %s, %s, %d consumers%s%n",
            options.client.name().toLowerCase(Locale.ROOT), options.topic, options.producers,
            options.send.name().toLowerCase(Locale.ROOT), options.size, options.batch,
            options.rate == 0 ? "unlimited" : options.rate + "/s",
            (options.messageLimit() == Long.MAX_VALUE ? options.durationLimitSeconds() + " s" : options.messageLimit() + " messages")
                + (options.warmupSeconds > 0 ? " after a " + options.warmupSeconds + " s warmup" : ""),
            options.consumers, options.consumers == 0 ? "" : " in group " + group + " from " + options.from
                + (options.consumeAfterSend ? " after sending" : ""));
        if (options.queues > 0) {
            TopicCreator.create(options.servers(), options.topic, options.queues);
            out.printf(Locale.ROOT, "topic %s created with %d queues%n", options.topic, options.queues);
        }
        CompletableFuture<ConsumerDriver> consumers = new CompletableFuture<>();
        try (SendClient producer = options.client.openProducer(options.servers(), "apogee_perf_producer")) {
            boolean consumersFirst = options.consumers > 0 && options.from == StartFrom.LAST;
            if (consumersFirst) {
                consumers.complete(startConsumers(group));
                awaitAssignment(consumers.join());
            }
            window = MeasuredWindow.begin(metrics, clock, options.brokerPid, options.slavePid);
            SecondReporter reporter = new SecondReporter(metrics, clock);
            List<Thread> threads = startProducers(producer);
            out.println(SecondReporter.HEADER);
            if (options.consumers > 0 && !consumersFirst) {
                BooleanSupplier ready = options.consumeAfterSend ? () -> !sending(threads)
                    : () -> metrics.confirmed.sum() > 0 || threads.stream().noneMatch(Thread::isAlive);
                Thread.ofPlatform().name("perf-consumer-start").start(() -> startWhen(ready, group, consumers));
            }
            long sendEndNanos = report(reporter, threads, consumers::isDone);
            for (Thread thread : threads) {
                thread.join();
            }
            out.println(reporter.sample().format());
            return window.report(options.runLabel(), clock.nanos(), sendEndNanos, metrics,
                options.consumers == 0 ? null : delivery());
        } finally {
            if (options.consumers > 0) {
                consumers.join().close();
            }
        }
    }

    /**
     * A group reading from the first offset starts once the topic surely exists (the first send was confirmed, which
     * auto-creates it), so that its first rebalance already finds the topic's queues; with
     * {@code --consume-after-send}, once sending is over. Runs on a thread of its own, so that the lines go on being
     * printed while the consumers connect.
     */
    private void startWhen(BooleanSupplier ready, String group, CompletableFuture<ConsumerDriver> started) {
        try {
            while (!ready.getAsBoolean()) {
                LockSupport.parkNanos(POLL_NANOS);
            }
            for (int i = 0; i < options.warmReadCount(); i++) {
                warmRead(group + "_warm" + i);
            }
            started.complete(startConsumers(group));
        } catch (RuntimeException e) {
            started.completeExceptionally(e);
        }
    }

    /**
     * Reads everything confirmed once with {@code group}, counted and verified apart from the run's figures, and
     * prints how it went; gives up after the drain timeout.
     */
    private void warmRead(String group) {
        DeliveryVerifier warmVerifier = verifier.sameConfirmed();
        RunMetrics warmMetrics = new RunMetrics();
        long deadline = clock.nanos() + TimeUnit.SECONDS.toNanos(options.drainTimeoutSeconds);
        ConsumerDriver warm = ConsumerDriver.start(options.client, options.servers(), options.topic, group,
            options.consumers, options.from, clock, warmMetrics, warmVerifier, options.deliverAfterMillis);
        try {
            while (!warmVerifier.allConfirmedReceived() && clock.nanos() < deadline) {
                LockSupport.parkNanos(POLL_NANOS);
            }
        } finally {
            warm.close();
        }
        out.printf(Locale.ROOT, "warm read (not measured): %d of %d messages, %.0f/s over %.1f s%s%n",
            warmVerifier.receivedDistinct(), warmVerifier.receivedDistinct() + warmVerifier.lost(),
            warmMetrics.consumed() / Math.max(warmMetrics.consumeSeconds(), 1e-9), warmMetrics.consumeSeconds(),
            warmVerifier.lost() == 0 ? "" : " (gave up: drain timeout)");
    }

    private ConsumerDriver startConsumers(String group) {
        return ConsumerDriver.start(options.client, options.servers(), options.topic, group, options.consumers, options.from, clock,
            metrics, verifier, options.deliverAfterMillis);
    }

    private List<Thread> startProducers(SendClient producer) {
        SendQuota quota = new SendQuota(options.messageLimit());
        ProducerDriver.Shared shared = new ProducerDriver.Shared(producer, options.send, options.topic, options.size,
            options.batch, options.deliverAfterMillis, runId, quota, clock, metrics, verifier, inFlight);
        double perThread = (double) options.rate / options.producers;
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < options.producers; i++) {
            threads.add(Thread.ofPlatform().name("perf-producer-" + i).start(new ProducerDriver(shared, perThread)));
        }
        if (options.durationLimitSeconds() > 0) {
            if (options.warmupSeconds == 0) {
                measureFromNow();
            }
            stopper = Thread.ofPlatform().daemon().name("perf-stopper").start(() -> {
                long left;
                while ((left = stopAt.get() - clock.nanos()) > 0) {
                    LockSupport.parkNanos(left);
                }
                quota.stop();
            });
            threads.add(stopper);
        }
        return threads;
    }

    /** A duration run sends for its duration from now: the measured window has just begun. */
    private void measureFromNow() {
        int seconds = options.durationLimitSeconds();
        if (seconds > 0) {
            stopAt.set(clock.nanos() + TimeUnit.SECONDS.toNanos(seconds));
            if (stopper != null) {
                LockSupport.unpark(stopper);
            }
        }
    }

    /**
     * Prints a line a second until the producers are done and the consumers have drained (or the drain timed out),
     * starting the measured window over when the warmup ends; the drain timeout counts from the start of the measured
     * consumers. Returns when the last send completed.
     */
    private long report(SecondReporter reporter, List<Thread> threads, BooleanSupplier consumersStarted) {
        long start = clock.nanos();
        long nextLine = start + SECOND_NANOS;
        long warmupEnd = options.warmupSeconds == 0 ? Long.MAX_VALUE : start + TimeUnit.SECONDS.toNanos(options.warmupSeconds);
        long drainDeadline = Long.MAX_VALUE;
        long sendEnd = Long.MIN_VALUE;
        while (true) {
            long now = clock.nanos();
            if (now >= nextLine) {
                out.println(reporter.sample().format());
                window.sample();
                nextLine += SECOND_NANOS;
                if (now >= warmupEnd && sendEnd == Long.MIN_VALUE) {
                    // the warmup's counters stop only once the new window runs, so that stopping them takes no measured time
                    MeasuredWindow warmup = window;
                    window = MeasuredWindow.afterWarmup(metrics, clock, options.brokerPid, options.slavePid);
                    measureFromNow();
                    warmup.abandon();
                    warmupEnd = Long.MAX_VALUE;
                    out.println("warmup over: the final figures count from here");
                }
            }
            if (!sending(threads)) {
                if (sendEnd == Long.MIN_VALUE) {
                    sendEnd = clock.nanos();
                }
                if (options.consumers == 0 || verifier.allConfirmedReceived()) {
                    return sendEnd;
                }
                if (drainDeadline == Long.MAX_VALUE && consumersStarted.getAsBoolean()) {
                    drainDeadline = now + TimeUnit.SECONDS.toNanos(options.drainTimeoutSeconds);
                } else if (now >= drainDeadline) {
                    out.printf(Locale.ROOT, "drain timed out after %d s: %d confirmed messages not received%n",
                        options.drainTimeoutSeconds, verifier.lost());
                    return sendEnd;
                }
            }
            LockSupport.parkNanos(Math.min(POLL_NANOS, Math.max(1, nextLine - now)));
        }
    }

    private boolean sending(List<Thread> threads) {
        return threads.stream().anyMatch(Thread::isAlive) || inFlight.sum() > 0;
    }

    private void awaitAssignment(ConsumerDriver consumers) {
        long deadline = clock.nanos() + ASSIGN_TIMEOUT_NANOS;
        while (!consumers.allAssigned()) {
            if (clock.nanos() >= deadline) {
                out.println("warning: consumers have no queues yet (does the topic exist?); early messages may be missed");
                return;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    private FinalReport.Delivery delivery() {
        return new FinalReport.Delivery(verifier.receivedDistinct(), verifier.lost(), verifier.corrupt(),
            verifier.duplicates(), verifier.foreign(), options.deliverAfterMillis > 0 ? metrics.early.sum() : -1);
    }
}
