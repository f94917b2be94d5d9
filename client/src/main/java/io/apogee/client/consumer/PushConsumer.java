package io.apogee.client.consumer;

import io.apogee.client.ClientClosedException;
import io.apogee.client.ClientConfig;
import io.apogee.client.ClientException;
import io.apogee.client.core.ClientCore;
import io.apogee.client.core.ConsumerRegistration;
import io.apogee.client.core.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clustering push consumer: it joins a group, takes its share of the subscribed topics' queues (the official
 * client's average allocation, so Apogee and official consumers can share a group), long-polls them, and calls the
 * {@link MessageListener} on its own threads with views over the pull buffers. Offsets are committed every 5 s
 * (oneway), when a queue moves to another member, and on {@link #close()}. The group's retry topic
 * ({@code %RETRY%group}) is subscribed too. Thread-safe.
 *
 * <pre>
 *  try (PushConsumer consumer = PushConsumer.builder().nameServers("127.0.0.1:9876").group("billing")
 *          .subscribe("Orders", "created || paid").consumeFrom(ConsumeFrom.FIRST)
 *          .listener(message -&gt; handle(message.tags(), message.body()))
 *          .build()) {
 *      ...
 *  }
 * </pre>
 */
public final class PushConsumer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PushConsumer.class);
    private static final long REBALANCE_INTERVAL_MILLIS = 20_000;
    private static final long COMMIT_INTERVAL_MILLIS = 5_000;

    private final ClientCore core;
    private final String group;
    private final MessageListener listener;
    private final ConsumeFrom consumeFrom;
    private volatile Subscriptions subscriptions;
    private final ExecutorService consumeThreads;
    private final OffsetStore offsets;
    private final Rebalancer rebalancer;
    private final Puller puller;
    private final ThreadLocal<BatchDelivery> deliveries;
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong sentBack = new AtomicLong();
    private volatile boolean closed;

    private PushConsumer(Builder builder) {
        this.group = builder.group;
        this.listener = builder.listener;
        ClientConfig config = builder.config;
        this.core = new ClientCore(config, "apogee-consumer-" + group);
        this.consumeFrom = builder.consumeFrom;
        Map<String, String> expressions = new LinkedHashMap<>(builder.subscriptions);
        expressions.putIfAbsent(retryTopic(), "*");
        this.subscriptions = Subscriptions.of(expressions, config.clock().millis());
        AtomicInteger threadIndex = new AtomicInteger();
        this.consumeThreads = Executors.newFixedThreadPool(builder.consumeThreads, runnable -> {
            Thread thread = new Thread(runnable, "apogee-consume-" + group + "-" + threadIndex.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.offsets = new OffsetStore(core, group, builder.consumeFrom);
        SendBack sendBack = new SendBack(core, group, builder.retryDelayLevel, builder.maxReconsumeTimes);
        this.deliveries = ThreadLocal.withInitial(() -> new BatchDelivery(sendBack));
        this.puller = new Puller(core, group, subscriptions.version(), new PullSettings(builder.pullBatchSize,
            builder.pullBatchBytes, builder.pullsInFlight, builder.maxCachedMessages, builder.maxCachedBytes),
            this::startConsuming);
        this.rebalancer = new Rebalancer(core, group, subscriptions.topics(), offsets, puller);
        register();
        core.watchRoutes(subscriptions.topics());
        start(subscriptions.topics());
    }

    /**
     * Subscribes {@code topic} with {@code expression} ({@code *} or tags joined by {@code ||}), or changes the
     * expression of a subscribed topic, while running: the subscription version goes up (brokers keep the newest
     * one they heard), every broker gets a heartbeat, and the group rebalances before this returns.
     */
    public synchronized void subscribe(String topic, String expression) {
        change(Objects.requireNonNull(topic, "topic"), Objects.requireNonNull(expression, "expression"));
    }

    /** Drops the subscription of {@code topic} while running: its queues are released (offsets committed). */
    public synchronized void unsubscribe(String topic) {
        if (topic.equals(retryTopic())) {
            throw new IllegalArgumentException("the group's retry topic stays subscribed");
        }
        change(topic, null);
    }

    /** The topics subscribed now, the group's retry topic included. */
    public List<String> subscribedTopics() {
        return subscriptions.topics();
    }

    private void change(String topic, String expression) {
        if (closed) {
            throw new ClientClosedException("consumer " + group);
        }
        subscriptions = subscriptions.with(topic, expression, core.config().clock().millis());
        register();
        core.watchRoutes(List.of(topic));
        rebalancer.topics(subscriptions.topics());
        puller.subVersion(subscriptions.version());
        rebalanceNow(List.of(topic));
    }

    private void register() {
        core.registerConsumer(new ConsumerRegistration(group, "CONSUME_PASSIVELY", "CLUSTERING",
            consumeFrom.heartbeatName(), subscriptions.entries()), rebalancer::rebalance);
    }

    private String retryTopic() {
        return "%RETRY%" + group;
    }

    /** A builder; name servers, group, at least one subscription and a listener are required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The consumer group. */
    public String group() {
        return group;
    }

    /** The client id brokers know this consumer by. */
    public String clientId() {
        return core.clientId();
    }

    /** The queues this consumer holds now. */
    public Set<MessageQueue> assignedQueues() {
        return Set.copyOf(rebalancer.held().keySet());
    }

    /** Messages pulled and not yet consumed, over every held queue. */
    public int cachedMessages() {
        int cached = 0;
        for (ProcessQueue queue : rebalancer.held().values()) {
            cached += queue.cachedMessages();
        }
        return cached;
    }

    /** Pulls put off so far because a queue's cache was over its count or byte limit. */
    public long flowControlPauses() {
        return puller.flowControlPauses();
    }

    /** The most pulls of one queue that were out at once so far: above 1 once a backlog was read. */
    public int peakPullsInFlight() {
        return puller.peakInFlight();
    }

    /** Messages handed to the listener so far. */
    public long deliveredCount() {
        return delivered.get();
    }

    /** Failed messages the broker took back, to deliver again through the retry topic. */
    public long sentBackCount() {
        return sentBack.get();
    }

    /** Listener calls that threw. */
    public long failedCount() {
        return failed.get();
    }

    /**
     * Stops pulling, lets the listener finish its current message, commits every held queue's offset (waiting
     * for the broker), unregisters from the group and releases every connection and thread.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<ProcessQueue> held;
        try {
            held = core.scheduler().submit(rebalancer::dropAll).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            held = rebalancer.dropAll();
        } catch (ExecutionException e) {
            held = rebalancer.dropAll();
        }
        consumeThreads.shutdown();
        try {
            if (!consumeThreads.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("group {}: listener still busy after 10 s", group);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (ProcessQueue queue : held) {
            offsets.commit(queue.queue(), queue.committedOffset(), false);
        }
        core.unregister(null, group);
        core.close();
    }

    /** Fetches the routes of {@code topics}, then heartbeats and rebalances, waiting for it. */
    private void rebalanceNow(List<String> topics) {
        try {
            core.scheduler().submit(() -> {
                for (String topic : topics) {
                    try {
                        core.fetchRoute(topic);
                    } catch (ClientException e) {
                        LOG.warn("group {}: no route for {} yet: {}", group, topic, e.getMessage());
                    }
                }
                core.sendHeartbeats();
                rebalancer.rebalance();
            }).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            LOG.warn("group {}: rebalance failed", group, e.getCause());
        }
    }

    private void start(List<String> topics) {
        rebalanceNow(topics);
        core.scheduler().scheduleWithFixedDelay(rebalancer::rebalance, REBALANCE_INTERVAL_MILLIS, REBALANCE_INTERVAL_MILLIS,
            TimeUnit.MILLISECONDS);
        core.scheduler().scheduleWithFixedDelay(this::commitOffsets, COMMIT_INTERVAL_MILLIS, COMMIT_INTERVAL_MILLIS,
            TimeUnit.MILLISECONDS);
    }

    private void commitOffsets() {
        for (ProcessQueue queue : rebalancer.held().values()) {
            offsets.commit(queue.queue(), queue.committedOffset(), true);
        }
    }

    private void startConsuming(ProcessQueue queue) {
        try {
            consumeThreads.execute(() -> drain(queue));
        } catch (RejectedExecutionException closing) {
            queue.drop();
        }
    }

    /** Consumes the queue's batches in order until none is left. */
    private void drain(ProcessQueue queue) {
        BatchDelivery delivery = deliveries.get();
        Set<String> tags = subscriptions.tagFilters().get(queue.queue().topic());
        PulledBatch batch;
        while ((batch = queue.poll()) != null) {
            try {
                int calls = delivery.deliver(queue, batch, tags, listener);
                failed.addAndGet(delivery.failures());
                sentBack.addAndGet(delivery.sentBack());
                delivered.addAndGet(calls - delivery.failures());
                queue.consumed(batch);
            } finally {
                batch.body().release();
            }
        }
    }

    /** Collects a consumer's settings. Not thread-safe. */
    public static final class Builder {
        private final ClientConfig.Builder configBuilder = ClientConfig.builder();
        private final Map<String, String> subscriptions = new LinkedHashMap<>();
        private ClientConfig config;
        private String group;
        private MessageListener listener;
        private ConsumeFrom consumeFrom = ConsumeFrom.LAST;
        private int consumeThreads = 4;
        private int pullBatchSize = 1024;
        private int pullBatchBytes = 1 << 20;
        private int pullsInFlight = 4;
        private int maxCachedMessages = 16_384;
        private long maxCachedBytes = 100L * 1024 * 1024;
        private int retryDelayLevel;
        private int maxReconsumeTimes = 16;

        private Builder() {
        }

        /** Name servers, "host:port;host:port". */
        public Builder nameServers(String... addresses) {
            configBuilder.nameServers(addresses);
            return this;
        }

        /** The whole client config (replaces {@link #nameServers}). */
        public Builder config(ClientConfig value) {
            this.config = Objects.requireNonNull(value, "config");
            return this;
        }

        /** The consumer group. */
        public Builder group(String value) {
            this.group = Objects.requireNonNull(value, "group");
            return this;
        }

        /** Subscribes {@code topic} with {@code expression}: {@code *} or tags joined by {@code ||}. */
        public Builder subscribe(String topic, String expression) {
            subscriptions.put(Objects.requireNonNull(topic, "topic"), Objects.requireNonNull(expression, "expression"));
            return this;
        }

        /** Where to start on queues without a committed offset (default LAST, as the official client). */
        public Builder consumeFrom(ConsumeFrom value) {
            this.consumeFrom = Objects.requireNonNull(value, "consumeFrom");
            return this;
        }

        /** The listener. */
        public Builder listener(MessageListener value) {
            this.listener = Objects.requireNonNull(value, "listener");
            return this;
        }

        /** Threads calling the listener (default 4). */
        public Builder consumeThreads(int value) {
            this.consumeThreads = positive("consumeThreads", value);
            return this;
        }

        /**
         * Messages asked for per pull (default 1024). Apogee's broker answers up to its rangePullMaxMessages (4096 by
         * default), Apache RocketMQ up to 32.
         */
        public Builder pullBatchSize(int value) {
            this.pullBatchSize = positive("pullBatchSize", value);
            return this;
        }

        /** Bytes asked for per pull (default 1 MiB); Apogee's broker caps them at rangePullMaxBytes (1 MiB). */
        public Builder pullBatchBytes(int value) {
            this.pullBatchBytes = positive("pullBatchBytes", value);
            return this;
        }

        /** Pulls of one queue in flight at most while it has a backlog (default 4); 1 pulls one at a time. */
        public Builder pullsInFlight(int value) {
            this.pullsInFlight = positive("pullsInFlight", value);
            return this;
        }

        /** Per-queue flow control: pulls pause above this many cached messages or bytes (defaults 16,384, 100 MiB). */
        public Builder flowControl(int maxCachedMessagesPerQueue, long maxCachedBytesPerQueue) {
            this.maxCachedMessages = positive("maxCachedMessagesPerQueue", maxCachedMessagesPerQueue);
            if (maxCachedBytesPerQueue < 1) {
                throw new IllegalArgumentException("maxCachedBytesPerQueue must be positive: " + maxCachedBytesPerQueue);
            }
            this.maxCachedBytes = maxCachedBytesPerQueue;
            return this;
        }

        /**
         * How failed messages come back: the delay level the broker applies (0, the default, lets it choose: 10 s,
         * 30 s, 1 min, ... as attempts grow; 1 to 18 an explicit level, 1 = 1 s) and the attempts before the
         * dead-letter queue (default 16).
         */
        public Builder redelivery(int delayLevel, int maxAttempts) {
            if (delayLevel < -1 || delayLevel > 18) {
                throw new IllegalArgumentException("delay level must be -1 to 18: " + delayLevel);
            }
            this.retryDelayLevel = delayLevel;
            this.maxReconsumeTimes = positive("maxAttempts", maxAttempts);
            return this;
        }

        /** Starts the consumer: heartbeat, first rebalance, pulls. */
        public PushConsumer build() {
            if (group == null || listener == null || subscriptions.isEmpty()) {
                throw new IllegalStateException("group, listener and at least one subscription are required");
            }
            if (config == null) {
                config = configBuilder.build();
            }
            return new PushConsumer(this);
        }

        private static int positive(String name, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be positive: " + value);
            }
            return value;
        }
    }
}
