package io.apogee.perf;

import io.apogee.common.time.Clock;
import io.apogee.perf.client.SendClient;
import io.apogee.perf.client.Sender;
import org.HdrHistogram.Recorder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * One producer thread's loop: takes sequence numbers from the {@link SendQuota}, paces them to its share of the rate,
 * fills the bodies and sends them the chosen way through its own {@link Sender}, counting sent, confirmed and failed
 * messages and recording the send latency. Not thread-safe: {@link #run()} runs on one thread; completions of async
 * sends update the shared figures from the client's threads.
 */
public final class ProducerDriver implements Runnable {
    private static final double NANOS_PER_MICRO = 1e3;

    private final Sender sender;
    private final SendMode mode;
    private final SendQuota quota;
    private final Pacer pacer;
    private final Clock clock;
    private final RunMetrics metrics;
    private final DeliveryVerifier verifier;
    private final Recorder sendLatency;
    private final LongAdder inFlight;
    private final List<PerfPayload> payloads = new ArrayList<>();
    private final List<byte[]> bodies = new ArrayList<>();

    /** What every producer thread of a run shares. */
    public record Shared(SendClient client, SendMode mode, String topic, int size, int batch, long deliverAfterMillis,
                         long runId, SendQuota quota, Clock clock, RunMetrics metrics, DeliveryVerifier verifier,
                         LongAdder inFlight) {
    }

    /** A driver sending at most {@code perSecond} messages a second (0: no limit). */
    public ProducerDriver(Shared shared, double perSecond) {
        this.sender = shared.client().newSender(shared.topic(), shared.batch(), shared.deliverAfterMillis());
        this.mode = shared.mode();
        this.quota = shared.quota();
        this.clock = shared.clock();
        this.metrics = shared.metrics();
        this.verifier = shared.verifier();
        this.inFlight = shared.inFlight();
        this.pacer = new Pacer(clock, perSecond);
        this.sendLatency = metrics.sendLatency.newRecorder();
        for (int i = 0; i < shared.batch(); i++) {
            payloads.add(new PerfPayload(shared.runId(), shared.size()));
            bodies.add(null);
        }
    }

    @Override
    public void run() {
        int batch = payloads.size();
        long first;
        while ((first = quota.take(batch)) >= 0 && !Thread.currentThread().isInterrupted()) {
            int count = quota.granted(first, batch);
            pacer.acquire(count);
            long born = clock.nanos();
            long bornMillis = clock.millis();
            for (int i = 0; i < count; i++) {
                bodies.set(i, payloads.get(i).fill(first + i, born, bornMillis));
            }
            metrics.sent.add(count);
            if (mode == SendMode.SYNC) {
                completed(sender.sendSync(bodies, count), first, count, born);
            } else if (mode == SendMode.ASYNC) {
                sendAsync(first, born);
            } else {
                completed(sender.sendOneway(bodies.getFirst()), first, 1, born);
            }
        }
    }

    private void sendAsync(long first, long born) {
        inFlight.increment();
        boolean started = sender.sendAsync(bodies.getFirst(), stored -> {
            completed(stored, first, 1, born);
            inFlight.decrement();
        });
        if (!started) {
            // refused before sending (closed producer, invalid message): nothing is in flight
            metrics.failed.increment();
            inFlight.decrement();
        }
    }

    private void completed(boolean stored, long first, int count, long born) {
        if (!stored) {
            metrics.failed.add(count);
            return;
        }
        LatencyRecorders.record(sendLatency, (long) ((clock.nanos() - born) / NANOS_PER_MICRO));
        for (int i = 0; i < count; i++) {
            verifier.confirmed(first + i);
        }
        metrics.confirmed.add(count);
    }
}
