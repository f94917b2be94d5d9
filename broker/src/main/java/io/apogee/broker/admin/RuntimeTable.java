package io.apogee.broker.admin;

import io.apogee.broker.health.BrokerHealth;
import io.apogee.broker.timer.TimerStatus;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreStatistics;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The KVTable GET_BROKER_RUNTIME_INFO answers, what mqadmin's {@code brokerStatus} prints and {@code clusterList}
 * reads: the keys of RocketMQ 5.4.0 that Apogee can fill truthfully, from {@link RuntimeStats}, the store and its disk
 * watch and the delivering services' {@link DeliveryStatus}, with RocketMQ's formats (byte counts as {@code 1.5 GiB}, the run
 * time in days, hours, minutes and seconds).
 *
 * <p>Stateless; {@link #of} runs on the admin executor thread, which owns the {@link QueueTimes} it reads through.
 */
final class RuntimeTable {
    /** The RocketMQ release whose protocol the broker speaks, as mqadmin prints it. */
    static final String VERSION_DESC = "V5_4_0";
    private static final String BYTE_PREFIXES = "KMGTPE";
    private static final long BYTES_PER_KIB = 1024;
    private static final long MILLIS_PER_SECOND = 1000;
    private static final long SECONDS_PER_MINUTE = 60;
    private static final long MINUTES_PER_HOUR = 60;
    private static final long HOURS_PER_DAY = 24;

    private RuntimeTable() {
    }

    /**
     * The table now, sorted by key. Apogee adds {@code brokerState} (RUNNING, DEGRADED or FAILED) and, unless
     * RUNNING, {@code brokerStateCause}: the role that failed first and its error; and the parked messages skipped
     * because they can never be delivered, {@code delayedMessagesSkipped} and {@code timerMessagesSkipped}.
     */
    static Map<String, String> of(MessageStore store, RuntimeStats stats, QueueTimes times, DeliveryStatus deliveries,
        BrokerHealth.Status health) {
        TimerStatus timer = deliveries.timer();
        Map<String, String> table = new TreeMap<>();
        table.put("brokerState", health.state().name());
        if (health.state() != BrokerHealth.State.RUNNING) {
            table.put("brokerStateCause", health.role() + ": " + health.cause());
        }
        table.put("brokerVersionDesc", VERSION_DESC);
        table.put("brokerActive", "true");
        table.put("bootTimestamp", Long.toString(stats.bootMillis()));
        table.put("runtime", runtime(stats.upMillis()));
        table.put("msgPutTotalTodayNow", Long.toString(stats.putNow()));
        table.put("msgPutTotalTodayMorning", Long.toString(stats.putTodayMorning()));
        table.put("msgPutTotalYesterdayMorning", Long.toString(stats.putYesterdayMorning()));
        table.put("msgGetTotalTodayNow", Long.toString(stats.getNow()));
        table.put("msgGetTotalTodayMorning", Long.toString(stats.getTodayMorning()));
        table.put("msgGetTotalYesterdayMorning", Long.toString(stats.getYesterdayMorning()));
        // RocketMQ's floor of 1, which keeps the average finite
        long putTimes = Math.max(1, stats.putSinceBoot());
        table.put("putMessageTimesTotal", Long.toString(putTimes));
        table.put("putMessageSizeTotal", Long.toString(stats.bytesSinceBoot()));
        table.put("putMessageAverageSize", Double.toString(stats.bytesSinceBoot() / (double) putTimes));
        table.put("putTps", stats.putTps());
        table.put("getTransferredTps", stats.getTps());
        StoreStatistics now = store.statistics();
        table.put("commitLogMinOffset", Long.toString(now.minPhysicalOffset()));
        table.put("commitLogMaxOffset", Long.toString(now.maxPhysicalOffset()));
        table.put("earliestMessageTimeStamp", Long.toString(times.earliestStoreTime()));
        table.put("dispatchBehindBytes", Long.toString(now.bytesToDispatch()));
        table.put("remainHowManyDataToFlush", bytes(now.bytesToFlush()));
        // the commit log, the consume queues and the index all live under the store's root, on the watched disk
        String ratio = Double.toString(now.diskUsedRatio());
        table.put("commitLogDiskRatio", ratio);
        table.put("commitLogDiskRatio_" + store.config().commitLogDirectory(), ratio);
        table.put("consumeQueueDiskRatio", ratio);
        table.put("commitLogDirCapacity", "Total : " + bytes(now.diskTotalBytes()) + ", Free : " + bytes(now.diskUsableBytes()) + ".");
        // sends are accepted from start-up, RocketMQ's 0
        table.put("startAcceptSendRequestTimeStamp", "0");
        // sends run on the I/O threads, never queued; pulls wait in their family's queue, which is not sampled yet
        for (String pool : new String[] {"send", "pull", "ack"}) {
            table.put(pool + "ThreadPoolQueueSize", "0");
            table.put(pool + "ThreadPoolQueueHeadWaitTimeMills", "0");
        }
        table.put("pageCacheLockTimeMills", "0");
        table.put("timerReadBehind", Long.toString(timer.readBehindSeconds()));
        table.put("timerOffsetBehind", Long.toString(timer.offsetBehind()));
        table.put("timerCongestNum", Long.toString(timer.loaded()));
        table.put("timerEnqueueTps", Float.toString((float) timer.enqueueTps()));
        table.put("timerDequeueTps", Float.toString((float) timer.dequeueTps()));
        table.put("delayedMessagesSkipped", Long.toString(deliveries.delayedSkipped()));
        table.put("timerMessagesSkipped", Long.toString(deliveries.timerSkipped()));
        return table;
    }

    /** {@code millis} as RocketMQ prints a broker's run time: {@code [ 0 days, 1 hours, 2 minutes, 3 seconds ]}. */
    static String runtime(long millis) {
        long seconds = millis / MILLIS_PER_SECOND;
        long minutes = seconds / SECONDS_PER_MINUTE;
        long hours = minutes / MINUTES_PER_HOUR;
        return "[ " + hours / HOURS_PER_DAY + " days, " + hours % HOURS_PER_DAY + " hours, " + minutes % MINUTES_PER_HOUR
            + " minutes, " + seconds % SECONDS_PER_MINUTE + " seconds ]";
    }

    /** {@code count} bytes as RocketMQ prints sizes: {@code 512 B}, else one decimal of the largest binary unit. */
    static String bytes(long count) {
        if (count < BYTES_PER_KIB) {
            return count + " B";
        }
        int prefix = 0;
        double value = count;
        while (value >= BYTES_PER_KIB * BYTES_PER_KIB && prefix < BYTE_PREFIXES.length() - 1) {
            value /= BYTES_PER_KIB;
            prefix++;
        }
        return String.format(Locale.ROOT, "%.1f %siB", value / BYTES_PER_KIB, BYTE_PREFIXES.charAt(prefix));
    }
}
