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
 * ten seconds the same counts per topic and per group and topic feed the {@link SampledRates} of topic stats' put TPS
 * and consume stats' consume TPS; read every ten minutes and every hour too, they give VIEW_BROKER_STATS_DATA's hour
 * and day.
 *
 * <p>Thread-safe: {@link #sample()} runs on the broker's timer thread, the readers on the admin thread; all under
 * this object's monitor.
 */
public final class RuntimeStats {
    /** RocketMQ's statistics name of the messages put on a topic. */
    public static final String TOPIC_PUT_NUMS = "TOPIC_PUT_NUMS";
    /** RocketMQ's statistics name of the messages a group got from a topic ({@code topic@group}). */
    public static final String GROUP_GET_NUMS = "GROUP_GET_NUMS";
    /** The RocketMQ release whose protocol the broker speaks, as mqadmin prints it. */
    public static final String VERSION_DESC = RuntimeTable.VERSION_DESC;
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
    /**
     * Puts per topic, and gets per group and topic, over the last minute, hour and day (in that order). A topic made
     * after start-up counts its puts from 0; a group's first committed offset may be anywhere, so its gets count from
     * its first reading.
     */
    private final SampledRates[] topicPuts = {SampledRates.minute(true), SampledRates.hour(true), SampledRates.day(true)};
    private final SampledRates[] groupGets = {SampledRates.minute(false), SampledRates.hour(false),
        SampledRates.day(false)};
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
        Map<String, Long> putCounts = null;
        Map<String, Long> getCounts = null;
        for (int span = 0; span < topicPuts.length; span++) {
            if (topicPuts[span].due(now)) {
                putCounts = putCounts == null ? statistics.putsByTopic() : putCounts;
                getCounts = getCounts == null ? getsByGroupAndTopic() : getCounts;
                topicPuts[span].sample(now, putCounts);
                groupGets[span].sample(now, getCounts);
            }
        }
    }

    /** Messages put on {@code topic} per second over the last minute. */
    public synchronized double topicPutTps(String topic) {
        return topicPuts[0].perSecond(topic);
    }

    /** Messages {@code group} consumed (committed) on {@code topic} per second over the last minute. */
    public synchronized double consumeTps(String group, String topic) {
        return groupGets[0].perSecond(groupAndTopic(group, topic));
    }

    /**
     * RocketMQ's statistics item {@code statsName} of {@code statsKey} as VIEW_BROKER_STATS_DATA answers it, or null
     * when there is none: {@value #TOPIC_PUT_NUMS} of a topic, {@value #GROUP_GET_NUMS} of {@code topic@group} (gets are
     * committed offsets). A key exists once a reading of the minute's counts held it.
     */
    public synchronized StatsSpans statsData(String statsName, String statsKey) {
        SampledRates[] spans;
        String key;
        if (TOPIC_PUT_NUMS.equals(statsName)) {
            spans = topicPuts;
            key = statsKey;
        } else if (GROUP_GET_NUMS.equals(statsName)) {
            int at = statsKey.indexOf('@');
            if (at <= 0) {
                return null;
            }
            spans = groupGets;
            key = groupAndTopic(statsKey.substring(at + 1), statsKey.substring(0, at));
        } else {
            return null;
        }
        if (!spans[0].has(key)) {
            return null;
        }
        return new StatsSpans(spans[0].sum(key), spans[0].perSecond(key), spans[1].sum(key), spans[1].perSecond(key),
            spans[2].sum(key), spans[2].perSecond(key));
    }

    /**
     * One statistics item's growth and rate over the last minute, hour and day.
     *
     * @param minuteSum how much it grew over the last minute
     * @param minuteTps its rate per second over the last minute
     * @param hourSum   how much it grew over the last hour
     * @param hourTps   its rate per second over the last hour
     * @param daySum    how much it grew over the last day
     * @param dayTps    its rate per second over the last day
     */
    public record StatsSpans(long minuteSum, double minuteTps, long hourSum, double hourTps, long daySum, double dayTps) {
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
