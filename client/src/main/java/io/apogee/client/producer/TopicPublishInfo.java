package io.apogee.client.producer;

import io.apogee.client.core.MessageQueue;
import io.apogee.client.core.TopicRoute;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where a producer can send a topic: the writable queues of its route (or of TBW102's, capped at 4 per broker,
 * when the topic has no route yet and the broker will create it), chosen round-robin. Thread-safe: the queue
 * list is immutable and the index atomic.
 */
final class TopicPublishInfo {
    private final TopicRoute route;
    private final List<MessageQueue> queues;
    private final boolean viaDefaultTopic;
    private final AtomicInteger index = new AtomicInteger();

    TopicPublishInfo(TopicRoute route, List<MessageQueue> queues, boolean viaDefaultTopic) {
        this.route = route;
        this.queues = List.copyOf(queues);
        this.viaDefaultTopic = viaDefaultTopic;
    }

    TopicRoute route() {
        return route;
    }

    List<MessageQueue> queues() {
        return queues;
    }

    boolean viaDefaultTopic() {
        return viaDefaultTopic;
    }

    boolean isEmpty() {
        return queues.isEmpty();
    }

    /** The next queue round-robin, on a broker other than {@code avoidBroker} when there is one. */
    MessageQueue select(String avoidBroker) {
        int size = queues.size();
        for (int i = 0; i < size; i++) {
            MessageQueue queue = queues.get(Math.floorMod(index.getAndIncrement(), size));
            if (avoidBroker == null || !avoidBroker.equals(queue.brokerName())) {
                return queue;
            }
        }
        return queues.get(Math.floorMod(index.getAndIncrement(), size));
    }
}
