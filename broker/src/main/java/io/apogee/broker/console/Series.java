package io.apogee.broker.console;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.admin.QueueTimes;
import io.apogee.broker.metadata.ConsumerOffset;
import io.apogee.broker.topic.Names;

/**
 * The live charts' figures over the last minutes, in a ring of {@value #CAPACITY} points taken every
 * {@value #INTERVAL_MILLIS} ms: messages put and consumed (committed) per second, the total lag of every group, and
 * the lag's latency (how long ago the oldest message not consumed was stored, the largest over every queue).
 *
 * <p>Not thread-safe: {@link #sample()} and the readers run on the console's thread, which owns the ring.
 */
final class Series {
    /** How often a point is taken. */
    static final long INTERVAL_MILLIS = 5_000;
    /** The points kept: ten minutes. */
    static final int CAPACITY = 120;
    /** The most queues whose oldest message one sample reads, so that a sample stays short with many queues. */
    static final int MAX_LATENCY_READS = 1_000;
    private static final double MILLIS_PER_SECOND = 1000.0;

    private final ConsoleSources sources;
    private final QueueTimes times;
    private final Point[] ring = new Point[CAPACITY];
    private int count;
    private long lastTime;
    private long lastPut;
    private long lastGot;

    Series(ConsoleSources sources) {
        this.sources = sources;
        this.times = new QueueTimes(sources.store());
        this.lastTime = sources.clock().millis();
        this.lastPut = sources.store().statistics().putMessages();
        this.lastGot = committedTotal();
    }

    /** Takes one point; call every {@link #INTERVAL_MILLIS}. */
    void sample() {
        long now = sources.clock().millis();
        long put = sources.store().statistics().putMessages();
        long got = committedTotal();
        long lag = 0;
        long oldest = now;
        int reads = 0;
        for (ConsumerOffset offset : sources.offsets().all()) {
            if (Names.SCHEDULE_PROGRESS_GROUP.equals(offset.group())) {
                continue;
            }
            long behind = sources.store().maxOffset(offset.topic(), offset.queueId()) - offset.offset();
            if (behind > 0) {
                lag += behind;
                if (reads++ < MAX_LATENCY_READS) {
                    long stored = times.storeTime(offset.topic(), offset.queueId(), offset.offset());
                    oldest = stored > 0 ? Math.min(oldest, stored) : oldest;
                }
            }
        }
        double seconds = Math.max(1, now - lastTime) / MILLIS_PER_SECOND;
        Point point = new Point(now, Math.max(0, put - lastPut) / seconds, Math.max(0, got - lastGot) / seconds, lag,
            now - oldest);
        ring[count++ % CAPACITY] = point;
        lastTime = now;
        lastPut = put;
        lastGot = got;
    }

    /** The newest point, or null before the first. */
    Point latest() {
        return count == 0 ? null : ring[(count - 1) % CAPACITY];
    }

    /** The points, oldest first, as JSON. */
    ObjectNode json() {
        ObjectNode answer = JsonNodeFactory.instance.objectNode().put("intervalMillis", INTERVAL_MILLIS);
        ArrayNode points = answer.putArray("points");
        for (int i = Math.max(0, count - CAPACITY); i < count; i++) {
            Point point = ring[i % CAPACITY];
            points.addObject().put("time", point.time()).put("putTps", point.putTps()).put("getTps", point.getTps())
                .put("lag", point.lag()).put("lagLatencyMillis", point.lagLatencyMillis());
        }
        return answer;
    }

    private long committedTotal() {
        long total = 0;
        for (ConsumerOffset offset : sources.offsets().all()) {
            if (!Names.SCHEDULE_PROGRESS_GROUP.equals(offset.group())) {
                total += offset.offset();
            }
        }
        return total;
    }

    /**
     * One point of the charts.
     *
     * @param time             when it was taken, epoch milliseconds
     * @param putTps           messages put per second since the point before
     * @param getTps           messages consumed (committed) per second since the point before
     * @param lag              messages not consumed yet, summed over every group and queue
     * @param lagLatencyMillis how long ago the oldest message not consumed was stored; 0 with no lag
     */
    record Point(long time, double putTps, double getTps, long lag, long lagLatencyMillis) {
    }
}
