package io.apogee.broker.group;

import io.apogee.store.metadata.SubscriptionGroup;
import io.apogee.store.metadata.SubscriptionGroupTable;
import io.apogee.transport.Peer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every consumer group's members (client id and connection) and subscriptions, as the latest heartbeat of each
 * member said. Membership changes are reported as return values so that the caller can notify the group. A group
 * seen for the first time is also put in the store's {@link SubscriptionGroupTable} with RocketMQ's defaults (as
 * {@code autoCreateSubscriptionGroup} does) and written to disk at once, so that it survives a restart, even a
 * crash.
 *
 * <p>Thread-safe: each group's state is guarded by its own lock; subscriptions are read without locking.
 */
public final class ConsumerGroups {
    /** RocketMQ's SubscriptionGroupConfig defaults: 1 retry queue, 16 retries, read from the master. */
    private static final int RETRY_QUEUES = 1;
    private static final int RETRY_MAX_TIMES = 16;
    private static final long MASTER_ID = 0;
    private static final long SLOW_CONSUMER_BROKER_ID = 1;

    private final Map<String, Group> groups = new ConcurrentHashMap<>();
    private final SubscriptionGroupTable configs;

    /** Groups whose configurations are kept in {@code configs}. */
    public ConsumerGroups(SubscriptionGroupTable configs) {
        this.configs = configs;
    }

    /**
     * Records that {@code clientId} on {@code peer} belongs to {@code group} with these subscriptions.
     *
     * @return true if the group's membership changed (a new member, or a member on a new connection)
     */
    public boolean register(String group, String clientId, Peer peer, List<Subscription> subscriptions) {
        Group state = groups.computeIfAbsent(group, this::newGroup);
        for (Subscription subscription : subscriptions) {
            state.subscriptions.put(subscription.topic(), subscription);
        }
        synchronized (state) {
            Peer previous = state.members.put(clientId, peer);
            return previous != peer;
        }
    }

    private Group newGroup(String name) {
        if (configs.get(name) == null) {
            configs.put(new SubscriptionGroup(name, true, false, true, RETRY_QUEUES, RETRY_MAX_TIMES, MASTER_ID,
                SLOW_CONSUMER_BROKER_ID, true));
            configs.persist();
        }
        return new Group();
    }

    /** Removes {@code clientId} from {@code group}; true if it was a member. */
    public boolean unregister(String group, String clientId) {
        Group state = groups.get(group);
        if (state == null) {
            return false;
        }
        synchronized (state) {
            return state.members.remove(clientId) != null;
        }
    }

    /** Removes every membership held through {@code peer} (its connection closed); returns the groups changed. */
    public List<String> removePeer(Peer peer) {
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, Group> entry : groups.entrySet()) {
            Group state = entry.getValue();
            synchronized (state) {
                if (state.members.values().removeIf(member -> member == peer)) {
                    changed.add(entry.getKey());
                }
            }
        }
        return changed;
    }

    /** The client ids of {@code group}, sorted; empty for an unknown group. */
    public List<String> clientIds(String group) {
        Group state = groups.get(group);
        if (state == null) {
            return List.of();
        }
        synchronized (state) {
            return state.members.keySet().stream().sorted().toList();
        }
    }

    /** The connections of {@code group}'s members. */
    public List<Peer> peers(String group) {
        Group state = groups.get(group);
        if (state == null) {
            return List.of();
        }
        synchronized (state) {
            return List.copyOf(state.members.values());
        }
    }

    /** The group's subscription to {@code topic}, or null. */
    public Subscription subscription(String group, String topic) {
        Group state = groups.get(group);
        return state == null ? null : state.subscriptions.get(topic);
    }

    /** One group: members by client id, subscriptions by topic. */
    private static final class Group {
        private final Map<String, Peer> members = new TreeMap<>();
        private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
    }
}
