package io.apogee.broker.namesrv;

import java.util.List;
import java.util.SortedMap;

/**
 * A copy of a name server's tables at one moment, for readers off its processor thread (the console).
 *
 * <p>Immutable once made; safe for any thread.
 *
 * @param brokers    the live broker groups, by broker name
 * @param topics     the first topics, sorted, each with its queues per broker group
 * @param topicCount how many topics there are in all (more than {@code topics} holds when it was cut)
 */
public record RegistryView(SortedMap<String, BrokerData> brokers, SortedMap<String, List<QueueData>> topics,
    int topicCount) {
}
