package io.apogee.client.consumer;

import java.util.List;

/**
 * The official client's {@code AllocateMessageQueueAveragely} (docs/protocol.md §6.2): with queues and client ids
 * sorted the same way by every member of a group, each client takes a contiguous run of queues, the first
 * {@code |mq| % |cid|} clients one more than the others. Stateless and thread-safe.
 */
public final class QueueAllocator {
    private QueueAllocator() {
    }

    /**
     * The queues {@code self} gets: a sub-list of {@code queues} (both lists sorted); empty when {@code self} is not
     * among {@code clientIds}.
     */
    public static <Q> List<Q> averagely(List<Q> queues, List<String> clientIds, String self) {
        int index = clientIds.indexOf(self);
        if (index < 0 || queues.isEmpty()) {
            return List.of();
        }
        int queueCount = queues.size();
        int clientCount = clientIds.size();
        int mod = queueCount % clientCount;
        int average = queueCount <= clientCount ? 1 : queueCount / clientCount + (mod > 0 && index < mod ? 1 : 0);
        int start = mod > 0 && index < mod ? index * average : index * average + mod;
        int range = Math.min(average, queueCount - start);
        return range <= 0 ? List.of() : List.copyOf(queues.subList(start, start + range));
    }
}
