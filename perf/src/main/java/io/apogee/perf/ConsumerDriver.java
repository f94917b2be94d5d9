package io.apogee.perf;

import io.apogee.common.time.Clock;
import io.apogee.perf.client.ClientKind;
import io.apogee.perf.client.ConsumerGroup;
import io.apogee.perf.client.ConsumerSpec;
import io.apogee.perf.client.NameServers;
import org.HdrHistogram.SingleWriterRecorder;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * The run's push consumers, all in one group, of the chosen client: every delivery is checked by the
 * {@link DeliveryVerifier}, counted, and its end-to-end latency (now minus the born time in the body; for timer
 * messages, minus the delay they asked for too) recorded into a recorder
 * of the delivering thread, which only that thread writes. Safe for any thread: the listener runs on the clients' consume threads;
 * {@link #close()} is called once by the thread that started the driver.
 */
public final class ConsumerDriver implements AutoCloseable {
    private static final double NANOS_PER_MICRO = 1e3;

    private final Clock clock;
    private final RunMetrics metrics;
    private final DeliveryVerifier verifier;
    private final ThreadLocal<ThreadState> threads;
    /** The state found last: one consume thread delivers most bodies, and the map lookup cost as much as a check. */
    private ThreadState last;
    private final long deliverAfterMillis;
    private ConsumerGroup group;

    private ConsumerDriver(Clock clock, RunMetrics metrics, DeliveryVerifier verifier, long deliverAfterMillis) {
        this.clock = clock;
        this.deliverAfterMillis = deliverAfterMillis;
        this.metrics = metrics;
        this.verifier = verifier;
        this.threads = ThreadLocal.withInitial(() -> new ThreadState(metrics.endToEndLatency.newSingleWriterRecorder(),
            verifier.newReceipts(), metrics.newTally(), Thread.currentThread()));
    }

    /** Starts {@code count} consumers of {@code topic} in {@code group}, of client {@code client}. */
    public static ConsumerDriver start(ClientKind client, NameServers nameServer, String topic, String group, int count,
                                       StartFrom from, Clock clock, RunMetrics metrics, DeliveryVerifier verifier,
                                       long deliverAfterMillis) {
        ConsumerDriver driver = new ConsumerDriver(clock, metrics, verifier, deliverAfterMillis);
        driver.group = client.startConsumers(new ConsumerSpec(nameServer, topic, group, count, from == StartFrom.FIRST,
            driver::onBody));
        return driver;
    }

    /** Whether every consumer has been assigned at least one queue. */
    public boolean allAssigned() {
        return group.allAssigned();
    }

    private void onBody(ByteBuffer body) {
        ThreadState mine = last;
        if (mine == null || mine.owner != Thread.currentThread()) {
            mine = threads.get();
            last = mine;
        }
        PerfPayload.Verdict verdict = verifier.received(body, mine.receipts);
        if (verdict == PerfPayload.Verdict.FOREIGN) {
            return;
        }
        long now = clock.nanos();
        mine.tally.delivered(now);
        if (verdict == PerfPayload.Verdict.INTACT) {
            long sinceDue = now - PerfPayload.bornNanos(body) - TimeUnit.MILLISECONDS.toNanos(deliverAfterMillis);
            if (deliverAfterMillis > 0 && deliveredEarly(body)) {
                metrics.early.increment();
            }
            LatencyRecorders.record(mine.endToEnd, (long) (Math.max(0, sinceDue) / NANOS_PER_MICRO));
        }
    }

    /**
     * Whether a timer message came before its time, judged by the wall clock as the broker's timer is: the broker
     * dates it at receipt, no earlier than its born time, so a delivery before born plus the delay is early. The
     * monotonic clock would call deliveries early after the wall clock was set forward while they waited.
     */
    private boolean deliveredEarly(ByteBuffer body) {
        return clock.millis() < PerfPayload.bornMillis(body) + deliverAfterMillis;
    }

    /**
     * What one consume thread writes. Immutable, so a thread that reads another's from {@link #last} (a racy field)
     * sees it whole, finds it is not its own and looks its own up.
     */
    private record ThreadState(SingleWriterRecorder endToEnd, DeliveryVerifier.Receipts receipts, RunMetrics.Tally tally,
                               Thread owner) {
    }

    @Override
    public void close() {
        group.close();
    }
}
