package io.apogee.broker.topic;

import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metadata.TopicTable;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * The topics this broker serves, over its persisted {@link TopicTable}: lookups for send, pull and routes,
 * TBW102 when auto-creation is on, creation on first send from a template that has {@link Permission#INHERIT}
 * (RocketMQ's {@code createTopicInSendMessageMethod}), and creation of retry topics.
 *
 * <p>A topic created here is written to disk by the {@link #writeBehind(Executor) write-behind} executor, at once
 * unless another write is already due: RocketMQ's {@code TopicConfigManager} rewrites the whole file on its send
 * thread for each new topic, which made creating many topics quadratic, and here a send runs on an I/O thread.
 * Creation beyond {@link TopicLimits#maxTopics()} is refused where a client asks for it.
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
    private final TopicLimits limits;
    private volatile Runnable onCreated = () -> { };
    private volatile Executor writer = Runnable::run;

    /**
     * A registry over {@code table}. With {@code autoCreate}, TBW102 is put with {@code defaultQueues} queues and
     * permission 7; without, it is removed, so that routes no longer offer it. The topics named after the cluster (16
     * queues) and the broker (1 queue) are put when missing, as a RocketMQ broker has them (its
     * {@code clusterTopicEnable} and {@code brokerTopicEnable} default on): they route cluster- and broker-wide admin
     * requests, and a name server accepts a broker's first registration only with more than one topic.
     */
    public TopicRegistry(TopicTable table, boolean autoCreate, int defaultQueues, String clusterName, String brokerName) {
        this(table, autoCreate, defaultQueues, clusterName, brokerName, TopicLimits.DEFAULTS);
    }

    /** A registry as {@link #TopicRegistry(TopicTable, boolean, int, String, String)}, within {@code limits}. */
    public TopicRegistry(TopicTable table, boolean autoCreate, int defaultQueues, String clusterName, String brokerName,
        TopicLimits limits) {
        this.table = table;
        this.limits = Objects.requireNonNull(limits, "limits");
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

    /**
     * Runs the table's writes on {@code executor} from now on, instead of on the creating thread. A crash before the
     * write loses the topic's config, not its messages: the next send creates it again, its queues continuing.
     */
    public void writeBehind(Executor executor) {
        this.writer = Objects.requireNonNull(executor, "executor");
    }

    /** The limits creation keeps to. */
    public TopicLimits limits() {
        return limits;
    }

    /** Whether the table holds {@link TopicLimits#maxTopics()} topics, so that no client may create another. */
    public boolean isFull() {
        return table.size() >= limits.maxTopics();
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
     * permission without INHERIT, and at most {@link TopicLimits#maxQueuesPerTopic()}. Null when the topic neither
     * exists nor can be created, also when the table {@link #isFull() is full}.
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
            if (from == null || (from.permission() & Permission.INHERIT) == 0 || isFull()) {
                return null;
            }
            int queues = Math.max(1, Math.min(Math.min(requestedQueues, from.writeQueues()), limits.maxQueuesPerTopic()));
            TopicConfig created = new TopicConfig(topic, queues, queues, from.permission() & ~Permission.INHERIT,
                TopicConfig.SINGLE_TAG, 0, false);
            table.put(created);
            changed();
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

    /**
     * The topic, created with {@code queues} queues and {@code permission} when missing, whatever the limit: the
     * broker's own topics, and the dead-letter topic of a group that exists (refusing it would lose the message).
     */
    public TopicConfig createIfAbsent(String topic, int queues, int permission) {
        return create(topic, queues, permission, false);
    }

    /**
     * The topic as {@link #createIfAbsent}, for a client's request (a consumer group's retry topic): null when it is
     * missing and the table {@link #isFull() is full}.
     */
    public TopicConfig createForClient(String topic, int queues, int permission) {
        return create(topic, queues, permission, true);
    }

    private TopicConfig create(String topic, int queues, int permission, boolean limited) {
        TopicConfig existing = table.get(topic);
        if (existing != null) {
            return existing;
        }
        synchronized (this) {
            existing = table.get(topic);
            if (existing == null) {
                if (limited && isFull()) {
                    return null;
                }
                existing = new TopicConfig(topic, queues, queues, permission, TopicConfig.SINGLE_TAG, 0, false);
                table.put(existing);
                changed();
            }
            return existing;
        }
    }

    /** Has the table written (once for any number of changes before the write runs) and tells the listener. */
    private void changed() {
        if (table.markChanged()) {
            writer.execute(table::persistIfChanged);
        }
        onCreated.run();
    }
}
