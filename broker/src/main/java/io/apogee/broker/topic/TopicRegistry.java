package io.apogee.broker.topic;

import io.apogee.store.metadata.TopicConfig;
import io.apogee.store.metadata.TopicTable;
import java.util.List;

/**
 * The topics this broker serves, over the store's persisted {@link TopicTable}: lookups for send, pull and routes,
 * TBW102 when auto-creation is on, creation on first send from a template that has {@link Permission#INHERIT}
 * (RocketMQ's {@code createTopicInSendMessageMethod}), and creation of retry topics.
 *
 * <p>A topic created here is written to disk at once, as RocketMQ's {@code TopicConfigManager} does: its messages
 * may be acknowledged (and flushed) before the next periodic persist, and a crash must not orphan them.
 *
 * <p>Thread-safe: the table is; creation is serialised on this object so that two first sends agree.
 */
public final class TopicRegistry {
    /** The template topic of auto-creation ({@code TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC}). */
    public static final String AUTO_CREATE_TEMPLATE = "TBW102";
    /** The prefix of a group's retry topic. */
    public static final String RETRY_PREFIX = "%RETRY%";
    private static final int CLUSTER_TOPIC_QUEUES = 16;

    private final TopicTable table;
    private volatile Runnable onCreated = () -> { };

    /**
     * A registry over {@code table}. With {@code autoCreate}, TBW102 is put with {@code defaultQueues} queues and
     * permission 7; without, it is removed, so that routes no longer offer it. The topics named after the cluster (16
     * queues) and the broker (1 queue) are put when missing, as a RocketMQ broker has them (its
     * {@code clusterTopicEnable} and {@code brokerTopicEnable} default on): they route cluster- and broker-wide admin
     * requests, and a name server accepts a broker's first registration only with more than one topic.
     */
    public TopicRegistry(TopicTable table, boolean autoCreate, int defaultQueues, String clusterName, String brokerName) {
        this.table = table;
        if (autoCreate) {
            table.put(new TopicConfig(AUTO_CREATE_TEMPLATE, defaultQueues, defaultQueues,
                Permission.READ_WRITE | Permission.INHERIT, TopicConfig.SINGLE_TAG, 0, false));
        } else {
            table.remove(AUTO_CREATE_TEMPLATE);
        }
        putIfAbsent(clusterName, CLUSTER_TOPIC_QUEUES);
        putIfAbsent(brokerName, 1);
    }

    private void putIfAbsent(String topic, int queues) {
        if (table.get(topic) == null) {
            table.put(new TopicConfig(topic, queues, queues, Permission.READ_WRITE | Permission.INHERIT,
                TopicConfig.SINGLE_TAG, 0, false));
        }
    }

    /** Runs {@code listener} after each topic created or deleted here (on that thread). */
    public void onCreated(Runnable listener) {
        this.onCreated = listener;
    }

    /** The topic's config, or null. */
    public TopicConfig get(String topic) {
        return table.get(topic);
    }

    /** Every topic. */
    public List<TopicConfig> all() {
        return table.all();
    }

    /**
     * The topic a send goes to: the existing one, or one created now from {@code template} when that exists and may
     * be inherited from, with {@code min(requestedQueues, template's write queues)} queues and the template's
     * permission without INHERIT. Null when the topic neither exists nor can be created.
     */
    public TopicConfig forSend(String topic, String template, int requestedQueues) {
        TopicConfig existing = table.get(topic);
        if (existing != null || template == null) {
            return existing;
        }
        synchronized (this) {
            existing = table.get(topic);
            if (existing != null) {
                return existing;
            }
            TopicConfig from = table.get(template);
            if (from == null || (from.permission() & Permission.INHERIT) == 0) {
                return null;
            }
            int queues = Math.max(1, Math.min(requestedQueues, from.writeQueues()));
            TopicConfig created = new TopicConfig(topic, queues, queues, from.permission() & ~Permission.INHERIT,
                TopicConfig.SINGLE_TAG, 0, false);
            table.put(created);
            table.persist();
            onCreated.run();
            return created;
        }
    }

    /**
     * Deletes {@code topic} and writes the table at once (DELETE_TOPIC); the name servers hear of it with the next
     * registration. Returns the config it had, or null.
     */
    public TopicConfig delete(String topic) {
        TopicConfig removed;
        synchronized (this) {
            removed = table.remove(topic);
            if (removed != null) {
                table.persist();
            }
        }
        if (removed != null) {
            onCreated.run();
        }
        return removed;
    }

    /** The topic, created with {@code queues} queues and {@code permission} when missing. */
    public TopicConfig createIfAbsent(String topic, int queues, int permission) {
        TopicConfig existing = table.get(topic);
        if (existing != null) {
            return existing;
        }
        synchronized (this) {
            existing = table.get(topic);
            if (existing == null) {
                existing = new TopicConfig(topic, queues, queues, permission, TopicConfig.SINGLE_TAG, 0, false);
                table.put(existing);
                table.persist();
                onCreated.run();
            }
            return existing;
        }
    }
}
