package io.apogee.client.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A topic's route as the name server answers GET_ROUTEINFO_BY_TOPIC (docs/protocol.md §5): the brokers with their
 * addresses by broker id (0 = master) and the queue counts and permissions per broker. Immutable.
 *
 * @param brokers broker name to (broker id to "host:port")
 * @param queues  the queue data per broker
 */
public record TopicRoute(Map<String, Map<Long, String>> brokers, List<QueueData> queues) {
    /** Permission bit: readable. */
    public static final int PERM_READ = 4;
    /** Permission bit: writable. */
    public static final int PERM_WRITE = 2;
    /** The broker id of a master. */
    public static final long MASTER_ID = 0;

    /** Copies both collections. */
    public TopicRoute {
        brokers = Map.copyOf(brokers);
        queues = List.copyOf(queues);
    }

    /** One broker's queues of the topic. Immutable. */
    public record QueueData(String brokerName, int readQueueNums, int writeQueueNums, int perm) {
    }

    /** The master address of {@code brokerName}, or null. */
    public String masterAddress(String brokerName) {
        Map<Long, String> addresses = brokers.get(brokerName);
        return addresses == null ? null : addresses.get(MASTER_ID);
    }

    /**
     * The queues a producer writes to: {@code writeQueueNums} queues of every broker whose perm allows writing and
     * that has a master, each count capped at {@code maxQueuesPerBroker}; sorted by broker, then queue id.
     */
    public List<MessageQueue> writableQueues(String topic, int maxQueuesPerBroker) {
        List<MessageQueue> result = new ArrayList<>();
        for (QueueData data : queues) {
            if ((data.perm() & PERM_WRITE) != 0 && masterAddress(data.brokerName()) != null) {
                int count = Math.min(data.writeQueueNums(), maxQueuesPerBroker);
                for (int i = 0; i < count; i++) {
                    result.add(new MessageQueue(topic, data.brokerName(), i));
                }
            }
        }
        Collections.sort(result);
        return result;
    }

    /** The queues a consumer reads: {@code readQueueNums} queues of every readable broker, sorted. */
    public List<MessageQueue> readableQueues(String topic) {
        List<MessageQueue> result = new ArrayList<>();
        for (QueueData data : queues) {
            if ((data.perm() & PERM_READ) != 0) {
                for (int i = 0; i < data.readQueueNums(); i++) {
                    result.add(new MessageQueue(topic, data.brokerName(), i));
                }
            }
        }
        Collections.sort(result);
        return result;
    }
}
