package io.apogee.broker;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code brokerStatus} keys Apache RocketMQ 5.4.0 prints and Apogee does not, each with why: the named exclusions
 * of {@link MqAdminCompareTest}. A key Apogee learns to report must leave this list, and a key Apogee prints that
 * RocketMQ does not fails the comparison. Immutable.
 */
final class BrokerStatusGaps {
    private static final Map<String, String> WHY = new LinkedHashMap<>();

    static {
        String pools = "Apogee's request families queue on their own executors (sends and pulls on the I/O thread), not"
            + " RocketMQ's thread pools; their queues are not sampled";
        for (String pool : new String[] {"send", "pull", "ack", "litePull", "query"}) {
            WHY.put(pool + "ThreadPoolQueueCapacity", pools);
        }
        WHY.put("litePullThreadPoolQueueSize", pools);
        WHY.put("litePullThreadPoolQueueHeadWaitTimeMills", pools);
        WHY.put("queryThreadPoolQueueSize", pools);
        WHY.put("queryThreadPoolQueueHeadWaitTimeMills", pools);
        WHY.put("EndTransactionQueueSize", pools);
        WHY.put("EndTransactionThreadPoolQueueCapacity", pools);
        String latency = "put and get latencies and per-get outcomes are not measured on the hot paths (no allocation"
            + " or clock read per message there)";
        for (String key : new String[] {"putMessageEntireTimeMax", "getMessageEntireTimeMax", "putMessageDistributeTime",
            "putLatency99", "putLatency999", "getFoundTps", "getMissTps", "getTotalTps"}) {
            WHY.put(key, latency);
        }
        String notCounted = "Apogee's counts are read off the store, which does not keep failed appends or the"
            + " dispatcher's largest buffer";
        WHY.put("putMessageFailedTimes", notCounted);
        WHY.put("dispatchMaxBuffer", notCounted);
        WHY.put("remainTransientStoreBufferNumbs", "Apogee has no transient store pool (transientStorePoolEnable)");
    }

    private BrokerStatusGaps() {
    }

    /** The keys left out, each with why. */
    static Map<String, String> why() {
        return Map.copyOf(WHY);
    }

    /** The keys left out. */
    static Set<String> keys() {
        return Set.copyOf(WHY.keySet());
    }
}
