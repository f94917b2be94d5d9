package io.apogee.broker.namesrv;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * A name server's tables: the live brokers (by address, each with the connection it registered on and when it was
 * last heard from) and the queues each broker group serves per topic. Routes and cluster info are read from them;
 * a broker leaves them when it unregisters, when its connection closes, or when it stays silent past its timeout, and
 * a broker group's queues leave every route with its last live member.
 *
 * <p>Not thread-safe: one thread (the name server's processor thread) owns it; connection events and expiry sweeps
 * are handed to that thread.
 */
public final class BrokerRegistry {
    private static final long MASTER_ID = 0;

    private final Map<String, LiveBroker> live = new HashMap<>();
    private final Map<String, SortedMap<String, QueueData>> topicQueues = new TreeMap<>();

    /**
     * Records {@code registration}, made at {@code nowMillis} over {@code connection}. A master's topics replace
     * what its group served before, so a topic it no longer has leaves its routes; but a registration with the same
     * data version as the broker's last adds its topics, as RocketMQ's name server does with the parts of a split
     * registration that carry no part numbers.
     *
     * @return true if the broker was not live before
     */
    public boolean register(BrokerRegistration registration, Object connection, long nowMillis) {
        return register(registration, connection, nowMillis, -1, 0);
    }

    /**
     * Records part {@code part} of {@code parts} of a split registration (part -1: an unnumbered one, see
     * {@link #register(BrokerRegistration, Object, long)}). Every part's topics are added to the routes at once, and
     * the last part drops the topics that no part of this registration had, so that no route flickers meanwhile.
     *
     * @return true if the broker was not live before
     */
    public boolean register(BrokerRegistration registration, Object connection, long nowMillis, int part, int parts) {
        LiveBroker fresh = new LiveBroker(registration, connection, nowMillis);
        LiveBroker previous = live.put(registration.address(), fresh);
        if (registration.brokerId() != MASTER_ID) {
            return previous == null;
        }
        if (part < 0) {
            if (previous != null && previous.registration.version().equals(registration.version())) {
                addQueues(registration.name(), registration.topics());
            } else {
                replaceQueues(registration.name(), registration.topics());
            }
            return previous == null;
        }
        if (part > 0 && previous != null && previous.partTopics != null) {
            fresh.partTopics = previous.partTopics;
        } else {
            fresh.partTopics = new HashSet<>();
        }
        fresh.partTopics.addAll(registration.topics().keySet());
        addQueues(registration.name(), registration.topics());
        if (part == parts - 1) {
            removeQueuesNotIn(registration.name(), fresh.partTopics);
            fresh.partTopics = null;
        }
        return previous == null;
    }

    /** A heartbeat from {@code address}: it is live for another timeout. Returns false if it is not registered. */
    public boolean heartbeat(String address, long nowMillis) {
        LiveBroker broker = live.get(address);
        if (broker == null) {
            return false;
        }
        broker.lastSeenMillis = nowMillis;
        return true;
    }

    /**
     * Whether {@code version} differs from the topic-table version the broker at {@code address} registered last
     * (true when it is not registered): QUERY_DATA_VERSION's answer, telling the broker to register again.
     */
    public boolean versionChanged(String address, DataVersion version) {
        LiveBroker broker = live.get(address);
        return broker == null || !broker.registration.version().equals(version);
    }

    /** The topic-table version the broker at {@code address} registered last, if it is live. */
    public Optional<DataVersion> version(String address) {
        return Optional.ofNullable(live.get(address)).map(broker -> broker.registration.version());
    }

    /** Drops the broker at {@code address}; returns false if it was not live. */
    public boolean unregister(String address) {
        LiveBroker removed = live.remove(address);
        if (removed == null) {
            return false;
        }
        dropQueuesIfGroupGone(removed.registration.name());
        return true;
    }

    /** Drops every broker that registered over {@code connection}; returns their addresses. */
    public List<String> connectionClosed(Object connection) {
        return removeIf(broker -> broker.connection == connection);
    }

    /** Drops every broker silent past its timeout at {@code nowMillis}; returns their connections, to be closed. */
    public List<Object> expire(long nowMillis) {
        List<Object> connections = new ArrayList<>();
        removeIf(broker -> {
            boolean expired = broker.lastSeenMillis + broker.registration.timeoutMillis() < nowMillis;
            if (expired) {
                connections.add(broker.connection);
            }
            return expired;
        });
        return connections;
    }

    /** The registration of the master of the group {@code brokerName}, if one is live. */
    public Optional<BrokerRegistration> masterOf(String brokerName) {
        return live.values().stream().filter(broker -> broker.registration.name().equals(brokerName)
            && broker.registration.brokerId() == MASTER_ID).map(broker -> broker.registration).findFirst();
    }

    /** The queues of {@code topic}, one entry per broker group, by broker name; empty if no live broker serves it. */
    public List<QueueData> queues(String topic) {
        SortedMap<String, QueueData> queues = topicQueues.get(topic);
        return queues == null ? List.of() : List.copyOf(queues.values());
    }

    /** The live broker groups, by broker name. */
    public SortedMap<String, BrokerData> brokers() {
        SortedMap<String, BrokerData> groups = new TreeMap<>();
        for (LiveBroker broker : live.values()) {
            BrokerRegistration registration = broker.registration;
            groups.computeIfAbsent(registration.name(), name -> new BrokerData(registration.cluster(), name, new TreeMap<>()))
                .addresses().put(registration.brokerId(), registration.address());
        }
        return groups;
    }

    /** Every topic some live broker serves, sorted. */
    public Set<String> topics() {
        return new TreeSet<>(topicQueues.keySet());
    }

    private void replaceQueues(String brokerName, Map<String, QueueData> topics) {
        removeQueuesNotIn(brokerName, topics.keySet());
        addQueues(brokerName, topics);
    }

    private void addQueues(String brokerName, Map<String, QueueData> topics) {
        topics.forEach((topic, queues) -> topicQueues.computeIfAbsent(topic, name -> new TreeMap<>()).put(brokerName, queues));
    }

    private void removeQueuesNotIn(String brokerName, Set<String> kept) {
        for (Iterator<Map.Entry<String, SortedMap<String, QueueData>>> it = topicQueues.entrySet().iterator(); it.hasNext();) {
            Map.Entry<String, SortedMap<String, QueueData>> entry = it.next();
            if (!kept.contains(entry.getKey())) {
                entry.getValue().remove(brokerName);
                if (entry.getValue().isEmpty()) {
                    it.remove();
                }
            }
        }
    }

    private void dropQueuesIfGroupGone(String brokerName) {
        if (live.values().stream().noneMatch(broker -> broker.registration.name().equals(brokerName))) {
            replaceQueues(brokerName, Map.of());
        }
    }

    private List<String> removeIf(Predicate<LiveBroker> condition) {
        List<String> removed = new ArrayList<>();
        for (Iterator<LiveBroker> it = live.values().iterator(); it.hasNext();) {
            LiveBroker broker = it.next();
            if (condition.test(broker)) {
                it.remove();
                removed.add(broker.registration.address());
                dropQueuesIfGroupGone(broker.registration.name());
            }
        }
        return removed;
    }

    /** A registered broker and when it was last heard from. */
    private static final class LiveBroker {
        private final BrokerRegistration registration;
        private final Object connection;
        private long lastSeenMillis;
        /** The topics of the parts of a split registration received so far; null when none is under way. */
        private Set<String> partTopics;

        LiveBroker(BrokerRegistration registration, Object connection, long lastSeenMillis) {
            this.registration = registration;
            this.connection = connection;
            this.lastSeenMillis = lastSeenMillis;
        }
    }
}
