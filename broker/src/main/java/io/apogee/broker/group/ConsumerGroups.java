package io.apogee.broker.group;

import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.transport.Peer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * Every consumer group's members (client id and connection) and subscriptions, as the latest heartbeat of each
 * member said. Membership changes are reported as return values so that the caller can notify the group. A group
 * seen for the first time is also put in the broker's {@link SubscriptionGroupTable} with RocketMQ's defaults (as
 * {@code autoCreateSubscriptionGroup} does) and written by the {@link #writeBehind(Executor) write-behind} executor,
 * so that it survives a restart, and no longer than that table allows groups ({@link #admits(String)}).
 *
 * <p>Thread-safe: each group's state is guarded by its own lock; subscriptions are read without locking.
 */
public final class ConsumerGroups {
    /** The setting key of the most subscription groups. */
    public static final String MAX_GROUPS_KEY = "maxSubscriptionGroupCount";
    /** The default of the most subscription groups. */
    public static final int DEFAULT_MAX_GROUPS = 50_000;
    /** RocketMQ's SubscriptionGroupConfig defaults: 1 retry queue, 16 retries, read from the master. */
    private static final int RETRY_QUEUES = 1;
    private static final int RETRY_MAX_TIMES = 16;
    private static final long MASTER_ID = 0;
    private static final long SLOW_CONSUMER_BROKER_ID = 1;

    private final Map<String, Group> groups = new ConcurrentHashMap<>();
    private final SubscriptionGroupTable configs;
    private final int maxGroups;
    private volatile Executor writer = Runnable::run;

    /** Groups whose configurations are kept in {@code configs}, at most {@link #DEFAULT_MAX_GROUPS}. */
    public ConsumerGroups(SubscriptionGroupTable configs) {
        this(configs, DEFAULT_MAX_GROUPS);
    }

    /** Groups whose configurations are kept in {@code configs}, at most {@code maxGroups} of them. */
    public ConsumerGroups(SubscriptionGroupTable configs, int maxGroups) {
        this.configs = configs;
        this.maxGroups = maxGroups;
    }

    /** Runs the table's writes on {@code executor} from now on, instead of on the registering thread. */
    public void writeBehind(Executor executor) {
        this.writer = Objects.requireNonNull(executor, "executor");
    }

    /** Whether {@code group} exists or may still be created: the table holds fewer than its limit. */
    public boolean admits(String group) {
        return groups.containsKey(group) || configs.get(group) != null || configs.size() < maxGroups;
    }

    /**
     * Makes {@code group}'s config with RocketMQ's defaults unless it exists, as RocketMQ's
     * {@code autoCreateSubscriptionGroup} does for a pull; false when the table is full and it does not exist.
     */
    public boolean ensureExists(String group) {
        if (configs.get(group) != null) {
            return true;
        }
        if (!admits(group)) {
            return false;
        }
        createConfig(group);
        return true;
    }

    /** Whether {@code group} may consume: its {@code consumeEnable}, true for a group without a configuration. */
    public boolean consumeEnabled(String group) {
        SubscriptionGroup config = configs.get(group);
        return config == null || config.consumeEnabled();
    }

    /** The remark of a group {@link #admits(String) refused}, naming the limit and its setting. */
    public String refusalRemark(String group) {
        return "subscription group [" + group + "] cannot be created: the broker holds its limit of " + maxGroups
            + " groups (" + MAX_GROUPS_KEY + ")";
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
            createConfig(name);
        }
        return new Group();
    }

    private void createConfig(String name) {
        configs.put(new SubscriptionGroup(name, true, true, true, RETRY_QUEUES, RETRY_MAX_TIMES, MASTER_ID,
            SLOW_CONSUMER_BROKER_ID, true));
        if (configs.markChanged()) {
            writer.execute(configs::persistIfChanged);
        }
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
