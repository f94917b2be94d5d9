package io.apogee.broker.admin;

import io.apogee.broker.metadata.ConsumerOffset;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreStatistics;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;

/**
 * The broker's message counts over time for GET_BROKER_RUNTIME_INFO, read off the store once a second rather than
 * counted on the send and pull paths: messages put (the sum of every queue's max offset, so every message the store
 * holds a queue entry for, since it was created) and messages got (the sum of every committed consumer offset). From
 * the last 600 one-second samples come the rates over 10, 60 and 600 s, and from the samples at local midnight the
 * totals of this morning and yesterday morning, as RocketMQ's {@code msgPutTotalTodayMorning} and friends. Every
 * ten seconds the same counts per topic and per group and topic feed the {@link MinuteRates} of topic stats' put TPS
 * and consume stats' consume TPS.
 *
 * <p>Thread-safe: {@link #sample()} runs on the broker's timer thread, the readers on the admin thread; all under
 * this object's monitor.
 */
public final class RuntimeStats {
    private static final int WINDOW = 601;
    private static final int[] RATE_SECONDS = {10, 60, 600};
    private static final double MILLIS_PER_SECOND = 1000.0;

    private final MessageStore store;
    private final ConsumerOffsetTable offsets;
    private final Clock clock;
    private final ZoneId zone = ZoneId.systemDefault();
    private final long[] times = new long[WINDOW];
    private final long[] puts = new long[WINDOW];
    private final long[] gets = new long[WINDOW];
    private final long bootMillis;
    private final long bootPhysicalOffset;
    private final long bootPut;
    private final MinuteRates topicPuts = new MinuteRates();
    private final MinuteRates groupGets = new MinuteRates();
    private int samples;
    private LocalDate day;
    private long putTodayMorning;
    private long getTodayMorning;
    private long putYesterdayMorning;
    private long getYesterdayMorning;

    /** Counts over {@code store} and the committed {@code offsets}, timed by {@code clock}; takes a first sample now. */
    public RuntimeStats(MessageStore store, ConsumerOffsetTable offsets, Clock clock) {
        this.store = store;
        this.offsets = offsets;
        this.clock = clock;
        this.bootMillis = clock.millis();
        this.bootPhysicalOffset = store.statistics().maxPhysicalOffset();
        sample();
        this.bootPut = putNow();
    }

    /** Takes one sample; call once a second. */
    public synchronized void sample() {
        long now = clock.millis();
        StoreStatistics statistics = store.statistics();
        long put = statistics.putMessages();
        long got = getTotal();
        LocalDate today = LocalDate.ofInstant(Instant.ofEpochMilli(now), zone);
        if (day == null) {
            day = today;
            putTodayMorning = put;
            getTodayMorning = got;
        } else if (!today.equals(day)) {
            putYesterdayMorning = putTodayMorning;
            getYesterdayMorning = getTodayMorning;
            putTodayMorning = put;
            getTodayMorning = got;
            day = today;
        }
        int slot = samples++ % WINDOW;
        times[slot] = now;
        puts[slot] = put;
        gets[slot] = got;
        if (topicPuts.due(now)) {
            topicPuts.sample(now, statistics.putsByTopic());
            groupGets.sample(now, getsByGroupAndTopic());
        }
    }

    /** Messages put on {@code topic} per second over the last minute. */
    public synchronized double topicPutTps(String topic) {
        return topicPuts.perSecond(topic);
    }

    /** Messages {@code group} consumed (committed) on {@code topic} per second over the last minute. */
    public synchronized double consumeTps(String group, String topic) {
        return groupGets.perSecond(groupAndTopic(group, topic));
    }

    /** When the broker started, in epoch milliseconds. */
    public long bootMillis() {
        return bootMillis;
    }

    /** How long the broker has run, in milliseconds. */
    public long upMillis() {
        return clock.millis() - bootMillis;
    }

    /** Messages put since the broker started (the latest sample; 0 if deleted topics took more away). */
    public synchronized long putSinceBoot() {
        return Math.max(0, putNow() - bootPut);
    }

    /** Commit-log bytes written since the broker started, the blank ends of full segments included. */
    public long bytesSinceBoot() {
        return store.statistics().maxPhysicalOffset() - bootPhysicalOffset;
    }

    /** Messages put since the store was created (the latest sample). */
    public synchronized long putNow() {
        return puts[(samples - 1) % WINDOW];
    }

    /** Messages got (committed by consumers) so far (the latest sample). */
    public synchronized long getNow() {
        return gets[(samples - 1) % WINDOW];
    }

    /** Put at this morning's first sample. */
    public synchronized long putTodayMorning() {
        return putTodayMorning;
    }

    /** Got at this morning's first sample. */
    public synchronized long getTodayMorning() {
        return getTodayMorning;
    }

    /** Put at yesterday morning's first sample (0 before the broker has run through a midnight). */
    public synchronized long putYesterdayMorning() {
        return putYesterdayMorning;
    }

    /** Got at yesterday morning's first sample (0 before the broker has run through a midnight). */
    public synchronized long getYesterdayMorning() {
        return getYesterdayMorning;
    }

    /** Messages put per second over the last 10, 60 and 600 s, as RocketMQ writes {@code putTps}. */
    public synchronized String putTps() {
        return rates(puts);
    }

    /** Messages got per second over the last 10, 60 and 600 s, as RocketMQ writes {@code getTransferredTps}. */
    public synchronized String getTps() {
        return rates(gets);
    }

    /**
     * The rates over each of {@link #RATE_SECONDS}, space-separated, as RocketMQ's store writes them: a plain double,
     * or nothing for a span longer than the samples taken so far.
     */
    private String rates(long[] series) {
        StringBuilder text = new StringBuilder();
        int last = (samples - 1) % WINDOW;
        for (int i = 0; i < RATE_SECONDS.length; i++) {
            if (i > 0) {
                text.append(' ');
            }
            int seconds = RATE_SECONDS[i];
            if (samples > seconds) {
                int first = ((samples - 1 - seconds) % WINDOW + WINDOW) % WINDOW;
                long millis = times[last] - times[first];
                text.append(millis <= 0 ? 0.0 : (series[last] - series[first]) * MILLIS_PER_SECOND / millis);
            }
        }
        return text.toString();
    }

    private Map<String, Long> getsByGroupAndTopic() {
        Map<String, Long> counts = new HashMap<>();
        for (ConsumerOffset offset : offsets.all()) {
            counts.merge(groupAndTopic(offset.group(), offset.topic()), offset.offset(), Long::sum);
        }
        return counts;
    }

    private static String groupAndTopic(String group, String topic) {
        return group + '@' + topic; // '@' is in neither name, as in RocketMQ's statistics keys
    }

    private long getTotal() {
        long total = 0;
        for (ConsumerOffset offset : offsets.all()) {
            total += offset.offset();
        }
        return total;
    }
}
