package io.apogee.perf;

import io.apogee.client.consumer.ConsumeFrom;
import io.apogee.client.consumer.PushConsumer;
import io.apogee.client.consumer.ReceivedMessage;
import io.apogee.common.time.NanoClock;
import org.HdrHistogram.Recorder;

import java.util.ArrayList;
import java.util.List;

/**
 * The run's push consumers, all in one group: every delivery is checked by the {@link DeliveryVerifier}, counted,
 * and its end-to-end latency (now minus the born time in the body) recorded into a recorder of the delivering
 * thread. Safe for any thread: the listener runs on the clients' consume threads; {@link #close()} is called once
 * by the thread that started the driver.
 */
public final class ConsumerDriver implements AutoCloseable {
    private static final double NANOS_PER_MICRO = 1e3;

    private final List<PushConsumer> consumers = new ArrayList<>();
    private final NanoClock clock;
    private final RunMetrics metrics;
    private final DeliveryVerifier verifier;
    private final ThreadLocal<Recorder> endToEnd;

    private ConsumerDriver(NanoClock clock, RunMetrics metrics, DeliveryVerifier verifier) {
        this.clock = clock;
        this.metrics = metrics;
        this.verifier = verifier;
        this.endToEnd = ThreadLocal.withInitial(metrics.endToEndLatency::newRecorder);
    }

    /** Starts {@code count} consumers of {@code topic} in {@code group}. */
    public static ConsumerDriver start(String nameServer, String topic, String group, int count, StartFrom from,
                                       NanoClock clock, RunMetrics metrics, DeliveryVerifier verifier) {
        ConsumerDriver driver = new ConsumerDriver(clock, metrics, verifier);
        ConsumeFrom consumeFrom = from == StartFrom.FIRST ? ConsumeFrom.FIRST : ConsumeFrom.LAST;
        try {
            for (int i = 0; i < count; i++) {
                driver.consumers.add(PushConsumer.builder().nameServers(nameServer).group(group).subscribe(topic, "*")
                    .consumeFrom(consumeFrom).listener(driver::onMessage).build());
            }
        } catch (RuntimeException e) {
            driver.close();
            throw e;
        }
        return driver;
    }

    /** Whether every consumer has been assigned at least one queue. */
    public boolean allAssigned() {
        return consumers.stream().allMatch(consumer -> !consumer.assignedQueues().isEmpty());
    }

    private void onMessage(ReceivedMessage message) {
        var body = message.body();
        PerfPayload.Verdict verdict = verifier.received(body);
        if (verdict == PerfPayload.Verdict.FOREIGN) {
            return;
        }
        metrics.consumed.increment();
        if (verdict == PerfPayload.Verdict.INTACT) {
            long micros = (long) ((clock.nanos() - PerfPayload.bornNanos(body)) / NANOS_PER_MICRO);
            LatencyRecorders.record(endToEnd.get(), micros);
        }
    }

    @Override
    public void close() {
        for (PushConsumer consumer : consumers) {
            consumer.close();
        }
    }
}
