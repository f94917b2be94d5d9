package io.apogee.perf;

import io.apogee.client.ClientException;
import io.apogee.client.producer.Producer;
import io.apogee.common.time.NanoClock;
import io.apogee.wire.message.OutboundMessage;
import org.HdrHistogram.Recorder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * One producer thread's loop: takes sequence numbers from the {@link SendQuota}, paces them to its share of the rate,
 * fills the bodies and sends them the chosen way, counting sent, confirmed and failed messages and recording the
 * send latency. Not thread-safe: {@link #run()} runs on one thread; completions of async sends update the shared
 * figures from the client's I/O threads.
 */
public final class ProducerDriver implements Runnable {
    private static final double NANOS_PER_MICRO = 1e3;

    private final Producer producer;
    private final SendMode mode;
    private final SendQuota quota;
    private final Pacer pacer;
    private final NanoClock clock;
    private final RunMetrics metrics;
    private final DeliveryVerifier verifier;
    private final Recorder sendLatency;
    private final LongAdder inFlight;
    private final List<PerfPayload> payloads = new ArrayList<>();
    private final List<OutboundMessage> messages = new ArrayList<>();

    /** What every producer thread of a run shares. */
    public record Shared(Producer producer, SendMode mode, String topic, int size, int batch, long runId,
                         SendQuota quota, NanoClock clock, RunMetrics metrics, DeliveryVerifier verifier,
                         LongAdder inFlight) {
    }

    /** A driver sending at most {@code perSecond} messages a second (0: no limit). */
    public ProducerDriver(Shared shared, double perSecond) {
        this.producer = shared.producer();
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
            messages.add(new OutboundMessage().topic(shared.topic()));
        }
    }

    @Override
    public void run() {
        int batch = messages.size();
        long first;
        while ((first = quota.take(batch)) >= 0 && !Thread.currentThread().isInterrupted()) {
            int count = quota.granted(first, batch);
            pacer.acquire(count);
            long born = clock.nanos();
            for (int i = 0; i < count; i++) {
                messages.get(i).body(payloads.get(i).fill(first + i, born));
            }
            metrics.sent.add(count);
            if (mode == SendMode.SYNC) {
                sendSync(first, count, born);
            } else if (mode == SendMode.ASYNC) {
                sendAsync(first, born);
            } else {
                sendOneway(first, born);
            }
        }
    }

    private void sendSync(long first, int count, long born) {
        try {
            if (messages.size() == 1) {
                producer.send(messages.getFirst());
            } else {
                producer.sendBatch(messages.subList(0, count));
            }
            succeeded(first, count, born);
        } catch (ClientException e) {
            metrics.failed.add(count);
        }
    }

    private void sendAsync(long first, long born) {
        inFlight.increment();
        try {
            producer.sendAsync(messages.getFirst()).whenComplete((result, failure) -> {
                if (failure == null) {
                    succeeded(first, 1, born);
                } else {
                    metrics.failed.increment();
                }
                inFlight.decrement();
            });
        } catch (ClientException e) {
            // refused before sending (closed producer, invalid message): nothing is in flight
            metrics.failed.increment();
            inFlight.decrement();
        }
    }

    private void sendOneway(long first, long born) {
        try {
            if (producer.sendOneway(messages.getFirst())) {
                succeeded(first, 1, born);
                return;
            }
        } catch (ClientException e) {
            // counted below: a oneway send that threw was not sent
        }
        metrics.failed.increment();
    }

    private void succeeded(long first, int count, long born) {
        LatencyRecorders.record(sendLatency, (long) ((clock.nanos() - born) / NANOS_PER_MICRO));
        for (int i = 0; i < count; i++) {
            verifier.confirmed(first + i);
        }
        metrics.confirmed.add(count);
    }
}
