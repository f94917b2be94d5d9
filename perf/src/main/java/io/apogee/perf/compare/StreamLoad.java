package io.apogee.perf.compare;

import com.rabbitmq.stream.ConfirmationStatus;
import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import io.apogee.perf.DeliveryVerifier;
import io.apogee.perf.LatencyRecorders;
import io.apogee.perf.PerfPayload;
import io.apogee.perf.process.BrokerMonitor;
import io.apogee.perf.process.BrokerUsage;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * One stream scenario against one broker's stream port, through RabbitMQ's Java stream client in this JVM. Producers
 * publish {@link PerfPayload} bodies with confirms, each with a bounded number of unconfirmed messages; one consumer
 * reads the stream from its first offset (while they publish, after they stop only to verify, or, for the catch-up,
 * once a preload is confirmed, as the measured figure). The broker process is watched from outside
 * ({@link BrokerMonitor}) over the measured window. Every confirmed message must arrive once, intact. A publishing
 * scenario is one {@link #run()}; the catch-up is a {@link #preload()}, then reads, which the command interleaves with
 * the other broker's.
 *
 * <p>Not thread-safe: one thread calls {@link #run()}, or the catch-up's steps; the client's threads call the confirm
 * and message handlers, which touch only thread-safe counters, recorders and the verifier.
 */
final class StreamLoad implements AutoCloseable {
    private static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long NANOS_PER_MICRO = 1_000;
    private static final long POLL_MILLIS = 20;
    private static final double MILLION = 1e6;

    /**
     * What every scenario of a comparison shares.
     *
     * @param producers       producer threads, one client producer each
     * @param maxUnconfirmed  unconfirmed messages a producer may have before its send blocks
     * @param durationSeconds measured publishing time
     * @param warmupSeconds   publishing time before the window, not counted
     * @param catchUpMessages messages preloaded for the catch-up
     * @param warmReads       reads of the preloaded stream before the measured ones, not counted
     * @param measuredReads   measured reads of the preloaded stream; the row shows their median rate
     * @param drainSeconds    how long to wait for confirms and deliveries once publishing stops
     */
    record Settings(int producers, int maxUnconfirmed, int durationSeconds, int warmupSeconds, int catchUpMessages,
                    int warmReads, int measuredReads, int drainSeconds) {
    }

    private final StreamScenario scenario;
    private final StreamBroker broker;
    private final Settings settings;
    private final int port;
    private final long brokerPid;
    private final PrintStream printed;
    private final long runId = ThreadLocalRandom.current().nextLong();
    private final DeliveryVerifier verifier;
    private final LatencyRecorders confirmLatency = new LatencyRecorders();
    private final Recorder recorder = confirmLatency.newRecorder();
    private final LongAdder confirmed = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final StreamRead read;
    private final AtomicLong nextSequence = new AtomicLong();
    private final ChunkCounter chunks = new ChunkCounter();
    private final List<Double> readRates = new ArrayList<>();
    private final List<StreamResult.Delivery> readDeliveries = new ArrayList<>();
    private Environment catchUpClient;
    private String catchUpStream;
    private double preloadSeconds;
    private long readMessages;
    private double readCpuSeconds;
    private long readSwitches;
    private long readPeakRss;
    private volatile boolean stopPublishing;

    StreamLoad(StreamScenario scenario, StreamBroker broker, Settings settings, int port, long brokerPid,
               PrintStream printed) {
        this.scenario = scenario;
        this.broker = broker;
        this.settings = settings;
        this.port = port;
        this.brokerPid = brokerPid;
        this.printed = printed;
        this.verifier = new DeliveryVerifier(runId, scenario.size());
        this.read = new StreamRead(verifier, Long.MAX_VALUE); // its rate is not used: publishing has a window
    }

    /** Runs a publishing scenario, (a) to (c), on a stream of its own and returns its row. */
    StreamResult run() throws InterruptedException {
        try (Environment publishing = Environment.builder().host("127.0.0.1").port(port).metricsCollector(chunks)
            .build()) {
            String name = newStreamName();
            publishing.streamCreator().stream(name).create();
            return publish(publishing, name);
        }
    }

    /** Scenarios (a) to (c): publish for the warmup and the window, then read everything back to verify. */
    private StreamResult publish(Environment environment, String stream) throws InterruptedException {
        Consumer consumer = scenario.consumeWhilePublishing() ? subscribe(environment, stream) : null;
        List<Producer> producers = new ArrayList<>();
        List<Thread> threads = startProducers(environment, stream, Long.MAX_VALUE, producers);
        TimeUnit.SECONDS.sleep(settings.warmupSeconds());
        confirmLatency.sampleInterval();
        confirmLatency.resetTotal();
        long confirmedBefore = confirmed.sum();
        long consumedBefore = read.consumed();
        BrokerMonitor monitor = BrokerMonitor.start(brokerPid);
        long start = System.nanoTime();
        for (int second = 1; second <= settings.durationSeconds(); second++) {
            awaitNanos(start + second * SECOND_NANOS);
            monitor.sample();
            progress(second, confirmed.sum() - confirmedBefore, read.consumed() - consumedBefore);
        }
        double seconds = (System.nanoTime() - start) / (double) SECOND_NANOS;
        long confirmedInWindow = confirmed.sum() - confirmedBefore;
        long consumedInWindow = read.consumed() - consumedBefore;
        BrokerUsage usage = monitor.finish();
        confirmLatency.sampleInterval();
        Histogram latency = confirmLatency.total().copy();
        stopPublishing = true;
        finishPublishing(threads, producers, Long.MAX_VALUE);
        if (consumer == null) {
            consumer = subscribe(environment, stream);
        }
        drain(read::complete);
        consumer.close();
        long messages = Math.max(confirmedInWindow, consumedInWindow);
        return row(confirmedInWindow / seconds, scenario.consumeWhilePublishing() ? consumedInWindow / seconds : 0,
            latency, usage, messages, read.delivery(confirmed.sum(), failed.sum()));
    }

    /**
     * Scenario (d), first step: opens the client, creates the stream and preloads it with confirms. The reads follow
     * ({@link #warmRead}, {@link #measuredRead}), which the command alternates between the brokers; {@link #close}
     * ends it.
     */
    void preload() throws InterruptedException {
        catchUpClient = Environment.builder().host("127.0.0.1").port(port).metricsCollector(chunks).build();
        catchUpStream = newStreamName();
        catchUpClient.streamCreator().stream(catchUpStream).create();
        List<Producer> producers = new ArrayList<>();
        long preloadStart = System.nanoTime();
        List<Thread> threads = startProducers(catchUpClient, catchUpStream, settings.catchUpMessages(), producers);
        finishPublishing(threads, producers, settings.catchUpMessages());
        preloadSeconds = (System.nanoTime() - preloadStart) / (double) SECOND_NANOS;
        confirmLatency.sampleInterval();
        printed.printf(Locale.ROOT, "(%s) %s: %d messages preloaded in %.1f s; reading from the first offset%n",
            scenario.letter(), broker.title(), confirmed.sum(), preloadSeconds);
    }

    /** Reads the preloaded stream once, counted and verified but not measured. */
    void warmRead(int number) throws InterruptedException {
        readOnce(new StreamRead(verifier.sameConfirmed(), confirmed.sum()), "warm read " + number + " (not measured)");
    }

    /**
     * Reads the preloaded stream once, measured: its rate, and the broker's CPU and context switches from just before
     * the consumer subscribes until the last message arrived, so that the other broker's reads between two of these
     * count for neither.
     */
    void measuredRead(int number) throws InterruptedException {
        StreamRead measured = new StreamRead(verifier.sameConfirmed(), confirmed.sum());
        BrokerMonitor monitor = BrokerMonitor.start(brokerPid);
        readOnce(measured, "measured read " + number);
        BrokerUsage usage = monitor.finish();
        readRates.add(measured.rate());
        readDeliveries.add(measured.delivery(confirmed.sum(), failed.sum()));
        readMessages += measured.consumed();
        readCpuSeconds += usage.cpuSeconds();
        readSwitches += usage.activity().totals().switches();
        readPeakRss = Math.max(readPeakRss, usage.peakAnonRssBytes());
    }

    /** Scenario (d)'s row: the median rate of the measured reads; the broker's figures over all of them. */
    StreamResult catchUpRow() {
        double[] rates = readRates.stream().mapToDouble(Double::doubleValue).toArray();
        Histogram latency = confirmLatency.total().copy();
        double cpuPerMillion = readMessages == 0 ? 0 : readCpuSeconds * MILLION / readMessages;
        double switchesPerMessage = readMessages == 0 ? 0 : (double) readSwitches / readMessages;
        return row(confirmed.sum() / preloadSeconds, rates.length == 0 ? 0 : median(rates), latency, cpuPerMillion,
            switchesPerMessage, readPeakRss, readDeliveries.isEmpty() ? StreamResult.Delivery.NONE
                : StreamResult.Delivery.acrossReads(readDeliveries));
    }

    /** Closes (d)'s client, if {@link #preload} opened it. */
    @Override
    public void close() {
        if (catchUpClient != null) {
            catchUpClient.close();
            catchUpClient = null;
        }
    }

    private String newStreamName() {
        return "StreamCompare_" + scenario.letter() + "_" + Long.toHexString(System.nanoTime());
    }

    /**
     * Reads the preloaded stream once from its first offset into {@code tally}. Warm reads go first, so that the
     * measured ones show the steady cost of both brokers and the client rather than their JIT's warm-up, as
     * {@code apogee perf --warm-reads} does for (d); the client runs in this JVM for both brokers. Every read goes
     * through a {@link StreamRead}, so that the client's delivery loop calls one handler class throughout.
     */
    private void readOnce(StreamRead tally, String what) throws InterruptedException {
        long chunksBefore = chunks.chunks();
        Consumer consumer = catchUpClient.consumerBuilder().stream(catchUpStream).offset(OffsetSpecification.first())
            .messageHandler(tally).build();
        drain(tally::complete);
        consumer.close();
        printed.printf(Locale.ROOT, "(%s) %s: %s: %,d of %,d messages in %,d chunks at %,.0f/s%n", scenario.letter(),
            broker.title(), what, tally.consumed(), confirmed.sum(), chunks.chunks() - chunksBefore, tally.rate());
    }

    /** The median of {@code values}, the mean of the middle two for an even count; sorts them. */
    static double median(double[] values) {
        Arrays.sort(values);
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    private StreamResult row(double publishRate, double consumeRate, Histogram latency, BrokerUsage usage, long messages,
                             StreamResult.Delivery delivery) {
        return row(publishRate, consumeRate, latency, usage.cpuSecondsPerMillion(messages),
            usage.activity().switchesPerMessage(messages), usage.peakAnonRssBytes(), delivery);
    }

    private StreamResult row(double publishRate, double consumeRate, Histogram latency, double cpuPerMillion,
                             double switchesPerMessage, long peakRss, StreamResult.Delivery delivery) {
        return new StreamResult(scenario, broker, publishRate, consumeRate, latency.getValueAtPercentile(50),
            latency.getValueAtPercentile(99), latency.getValueAtPercentile(99.9), latency.getMaxValue(), cpuPerMillion,
            switchesPerMessage, peakRss, delivery);
    }

    /** Starts the producer threads, each sending until told to stop or until {@code limit} messages are taken. */
    private List<Thread> startProducers(Environment environment, String stream, long limit, List<Producer> producers) {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < settings.producers(); i++) {
            Producer producer = environment.producerBuilder().stream(stream)
                .maxUnconfirmedMessages(settings.maxUnconfirmed()).build();
            producers.add(producer);
            threads.add(Thread.ofPlatform().name("stream-producer-" + i).start(() -> publishLoop(producer, limit)));
        }
        return threads;
    }

    private void publishLoop(Producer producer, long limit) {
        PerfPayload payload = new PerfPayload(runId, scenario.size());
        while (!stopPublishing) {
            long sequence = nextSequence.getAndIncrement();
            if (sequence >= limit) {
                return;
            }
            // the client keeps the array until the batch is written: each message needs a body of its own
            byte[] body = payload.fill(sequence, System.nanoTime(), System.currentTimeMillis()).clone();
            producer.send(producer.messageBuilder().addData(body).build(), this::onConfirm);
        }
    }

    private void onConfirm(ConfirmationStatus status) {
        if (!status.isConfirmed()) {
            failed.increment();
            return;
        }
        ByteBuffer body = ByteBuffer.wrap(status.getMessage().getBodyAsBinary());
        verifier.confirmed(PerfPayload.sequence(body));
        LatencyRecorders.record(recorder, (System.nanoTime() - PerfPayload.bornNanos(body)) / NANOS_PER_MICRO);
        confirmed.increment();
    }

    /** Joins the producer threads, waits until every message sent is confirmed or failed, and closes the producers. */
    private void finishPublishing(List<Thread> threads, List<Producer> producers, long limit) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join();
        }
        long sent = Math.min(nextSequence.get(), limit);
        drain(() -> confirmed.sum() + failed.sum() >= sent);
        producers.forEach(Producer::close);
    }

    private Consumer subscribe(Environment environment, String stream) {
        return environment.consumerBuilder().stream(stream).offset(OffsetSpecification.first()).messageHandler(read)
            .build();
    }

    /** Waits until {@code done} holds, up to the drain time. */
    private void drain(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(settings.drainSeconds());
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
    }

    private static void awaitNanos(long when) throws InterruptedException {
        long left = when - System.nanoTime();
        if (left > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }

    private void progress(int second, long confirmedSoFar, long consumedSoFar) {
        printed.printf(Locale.ROOT, "(%s) %s: %3d s, %,d confirmed, %,d consumed%n", scenario.letter(), broker.title(),
            second, confirmedSoFar, consumedSoFar);
    }
}
