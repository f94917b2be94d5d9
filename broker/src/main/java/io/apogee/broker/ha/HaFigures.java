package io.apogee.broker.ha;

import io.apogee.store.MessageStore;
import io.apogee.wire.message.record.StoredRecord;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The replication figures {@code mqadmin brokerStatus} prints beside RocketMQ's keys. A master: {@code haSlaveNum},
 * {@code haInSyncSlaveNum}, {@code haFallingBehindSlaveNum} (the slaves whose lag passed the alarm), and of its
 * furthest slave {@code haMaxLagBytes} and {@code haMaxLagMillis}, the age of the oldest record it lacks. A slave: {@code haMasterAddress}, {@code haConnected} and {@code haLastReadTimestamp}.
 *
 * <p>Stateless.
 */
public final class HaFigures {
    private HaFigures() {
    }

    /** A master's figures over {@code store} for {@code slaves} at {@code nowMillis}. */
    public static Map<String, String> ofMaster(MessageStore store, List<SlaveStatus> slaves, long maxGapBytes,
        long nowMillis) {
        long end = store.logEnd();
        int count = 0;
        int inSync = 0;
        int behind = 0;
        long maxLagBytes = 0;
        long maxLagMillis = 0;
        for (SlaveStatus slave : slaves) {
            if (!slave.authenticated()) {
                continue;
            }
            count++;
            inSync += slave.inSync(end, maxGapBytes) ? 1 : 0;
            behind += slave.fallingBehind() ? 1 : 0;
            maxLagBytes = Math.max(maxLagBytes, slave.lagBytes(end));
            maxLagMillis = Math.max(maxLagMillis, lagMillis(store, slave, end, nowMillis));
        }
        Map<String, String> figures = new TreeMap<>();
        figures.put("haSlaveNum", Integer.toString(count));
        figures.put("haInSyncSlaveNum", Integer.toString(inSync));
        figures.put("haFallingBehindSlaveNum", Integer.toString(behind));
        figures.put("haMaxLagBytes", Long.toString(maxLagBytes));
        figures.put("haMaxLagMillis", Long.toString(maxLagMillis));
        return figures;
    }

    /** A slave's figures. */
    public static Map<String, String> ofSlave(MasterLinkStatus link) {
        Map<String, String> figures = new TreeMap<>();
        figures.put("haMasterAddress", link.masterAddress() == null ? "" : link.masterAddress());
        figures.put("haConnected", Boolean.toString(link.connected()));
        figures.put("haLastReadTimestamp", Long.toString(link.lastReadMillis()));
        return figures;
    }

    /**
     * How old the oldest record {@code slave} lacks is at {@code nowMillis}: 0 when it has the whole log, or when
     * retention took that record already.
     */
    static long lagMillis(MessageStore store, SlaveStatus slave, long end, long nowMillis) {
        long from = Math.max(slave.ackedOffset(), store.logStart());
        if (from >= end) {
            return 0;
        }
        long stored = store.storeTimestamp(from, StoredRecord.MIN_RECORD_SIZE);
        return stored < 0 ? 0 : Math.max(0, nowMillis - stored);
    }
}
