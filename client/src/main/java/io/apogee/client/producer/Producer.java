package io.apogee.client.producer;

import io.apogee.client.ClientClosedException;
import io.apogee.client.ClientConfig;
import io.apogee.client.ClientException;
import io.apogee.client.ClientTimeoutException;
import io.apogee.client.InvalidMessageException;
import io.apogee.client.NoRouteException;
import io.apogee.client.BrokerErrorException;
import io.apogee.client.core.ClientCore;
import io.apogee.client.core.MessageQueue;
import io.apogee.client.core.TopicRoute;
import io.apogee.common.time.Clock;
import io.apogee.transport.ResponseCallback;
import io.apogee.transport.TransportException;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.netty.buffer.ByteBuf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends messages to a RocketMQ-compatible cluster: sync (with retries on another queue or broker, as the official
 * client), async (a bounded in-flight window; the caller waits for a free slot), oneway, and batches encoded once
 * into one buffer. Every message gets a UNIQ_KEY. Thread-safe; {@link #close()} unregisters from the brokers and
 * releases the connections and threads this producer owns.
 *
 * <p>A message is encoded before a send method returns, so the caller may reuse the {@link OutboundMessage} (and
 * its body) as soon as the call returns, even for async sends.
 *
 * <pre>
 *  try (Producer producer = Producer.builder().nameServers("127.0.0.1:9876").group("orders").build()) {
 *      OutboundMessage message = new OutboundMessage().topic("Orders").body(bytes).tags("created");
 *      SendResult result = producer.send(message);
 *      producer.sendAsync(message).thenAccept(r -&gt; ...);
 *  }
 * </pre>
 */
public final class Producer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Producer.class);
    private static final int DEFAULT_TOPIC_QUEUES = 4;

    private final ClientCore core;
    private final String group;
    private final long sendTimeoutMillis;
    private final int retries;
    private final Semaphore inFlight;
    private final UniqueKeyGenerator keys;
    private final ThreadLocal<SendFrameEncoder> encoders;
    private final Map<String, TopicPublishInfo> publishInfos = new ConcurrentHashMap<>();
    private volatile boolean closed;

    private Producer(Builder builder) {
        this.group = builder.group;
        this.sendTimeoutMillis = builder.sendTimeoutMillis;
        this.retries = builder.retries;
        this.inFlight = new Semaphore(builder.maxInFlight);
        this.encoders = ThreadLocal.withInitial(() -> new SendFrameEncoder(builder.maxBodyLength,
            builder.maxBatchLength, builder.compressOver));
        ClientConfig config = builder.config;
        this.keys = UniqueKeyGenerator.forThisProcess(ipBytes(config.clientIp()), config.clock());
        this.core = new ClientCore(config, "apogee-producer-" + group);
        core.registerProducer(group);
        core.scheduler().scheduleWithFixedDelay(this::refreshPublishInfos, config.routeRefreshIntervalMillis(),
            config.routeRefreshIntervalMillis(), TimeUnit.MILLISECONDS);
    }

    /** A builder; {@code nameServers} and {@code group} are required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The producer group. */
    public String group() {
        return group;
    }

    /** The client id brokers know this producer by. */
    public String clientId() {
        return core.clientId();
    }

    /**
     * Sends {@code message} and waits until the broker stored it, trying up to {@code 1 + retries} queues (another
     * broker when there is one) on network failures, timeouts and retryable error codes, all within the send timeout.
     *
     * @throws InvalidMessageException if the message is refused before sending
     * @throws NoRouteException        if the topic has no route
     * @throws ClientException         the last failure once every attempt failed
     */
    public SendResult send(OutboundMessage message) {
        checkOpen();
        String topic = validate(message);
        String key = keys.next();
        message.putProperty(PropertyNames.UNIQ_KEY, key);
        SendFrameEncoder encoder = encoders.get();
        ByteBuf body = encoder.body(message, allocator());
        try {
            return sendWithRetries(topic, key, body, (queue, born) -> encoder.singleHeader(message, group, queue, born));
        } finally {
            body.release();
        }
    }

    /**
     * Sends {@code messages} as one SEND_BATCH_MESSAGE: one topic, the body encoded once into one buffer; retried
     * as {@link #send}. Each message gets its own UNIQ_KEY; the result's msgId joins them with commas.
     *
     * @throws InvalidMessageException if the batch is empty, mixes topics, or a body or the batch exceeds
     *                                 maxMessageSize
     */
    public SendResult sendBatch(List<? extends OutboundMessage> messages) {
        checkOpen();
        if (messages.isEmpty()) {
            throw new InvalidMessageException("empty batch");
        }
        String topic = validate(messages.getFirst());
        StringBuilder ids = new StringBuilder(messages.size() * (UniqueKeyGenerator.IPV4_KEY_LENGTH + 1));
        for (OutboundMessage message : messages) {
            String key = keys.next();
            message.putProperty(PropertyNames.UNIQ_KEY, key);
            ids.append(ids.isEmpty() ? "" : ",").append(key);
        }
        String batchKey = keys.next();
        SendFrameEncoder encoder = encoders.get();
        ByteBuf body = encoder.batchBody(messages, allocator());
        try {
            return sendWithRetries(topic, ids.toString(), body, (queue, born) -> encoder.batchHeader(batchKey, group, queue, born));
        } finally {
            body.release();
        }
    }

    /**
     * Sends {@code message} without waiting: the future completes on an I/O thread with the result or the failure.
     * Network failures and timeouts are retried on another broker (as the official client does); a broker's error
     * code fails the future as it is. Waits for a slot of the in-flight window first,
     * at most the send timeout; if none frees up, the returned future fails with {@link ClientTimeoutException}.
     */
    public CompletableFuture<SendResult> sendAsync(OutboundMessage message) {
        checkOpen();
        String topic = validate(message);
        CompletableFuture<SendResult> result = new CompletableFuture<>();
        try {
            if (!inFlight.tryAcquire(sendTimeoutMillis, TimeUnit.MILLISECONDS)) {
                result.completeExceptionally(new ClientTimeoutException("no free slot in the in-flight window within "
                    + sendTimeoutMillis + " ms", null));
                return result;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result.completeExceptionally(new ClientTimeoutException("interrupted waiting for the in-flight window", e));
            return result;
        }
        result.whenComplete((r, e) -> inFlight.release());
        try {
            TopicPublishInfo info = publishInfo(topic);
            String key = keys.next();
            message.putProperty(PropertyNames.UNIQ_KEY, key);
            SendFrameEncoder encoder = encoders.get();
            ByteBuf body = encoder.body(message, allocator());
            ByteBuf properties = encoder.properties(message, allocator());
            new AsyncSend(new Resender(info), result, body, properties, message.flag(), encoder.sysFlag(message), key, retries,
                sendTimeoutMillis,
                core.config().transport().clock()).start(info.select(null));
        } catch (ClientException e) {
            result.completeExceptionally(e);
        }
        return result;
    }

    /**
     * Sends {@code message} oneway: no answer, no retry.
     *
     * @return false if it was certainly not sent (no connection, or backed up beyond the send timeout)
     */
    public boolean sendOneway(OutboundMessage message) {
        checkOpen();
        String topic = validate(message);
        TopicPublishInfo info = publishInfo(topic);
        MessageQueue queue = info.select(null);
        message.putProperty(PropertyNames.UNIQ_KEY, keys.next());
        SendFrameEncoder encoder = encoders.get();
        ByteBuf body = encoder.body(message, allocator());
        RemotingHeader header = encoder.singleHeader(message, group, queue, core.config().clock().millis());
        return core.transport().invokeOneway(address(queue), header, body, sendTimeoutMillis);
    }

    /** Unregisters from the brokers, then closes connections and threads. Waits for nothing in flight. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        core.unregister(group, null);
        core.close();
    }

    /** Picks queues and writes requests for the attempts of an {@link AsyncSend}. */
    private final class Resender implements AsyncSend.Resender {
        private final TopicPublishInfo info;

        Resender(TopicPublishInfo info) {
            this.info = info;
        }

        @Override
        public MessageQueue select(MessageQueue previous) {
            return info.select(previous == null ? null : previous.brokerName());
        }

        @Override
        public String address(MessageQueue queue) {
            return Producer.this.address(queue);
        }

        @Override
        public void send(String address, MessageQueue queue, ByteBuf properties, int flag, int sysFlag, ByteBuf body,
                         long timeoutMillis, ResponseCallback callback) {
            RemotingHeader header = encoders.get().resendHeader(properties, flag, sysFlag, group, queue,
                core.config().clock().millis());
            core.transport().invoke(address, header, body, timeoutMillis, callback);
        }
    }

    /** The encoder of a request header for a queue and a born timestamp. */
    @FunctionalInterface
    private interface HeaderFactory {
        RemotingHeader header(MessageQueue queue, long bornTimestamp);
    }

    private SendResult sendWithRetries(String topic, String msgId, ByteBuf body, HeaderFactory headers) {
        TopicPublishInfo info = publishInfo(topic);
        Clock clock = core.config().transport().clock();
        long deadline = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(sendTimeoutMillis);
        ClientException last = null;
        String avoid = null;
        for (int attempt = 0; attempt <= retries; attempt++) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - clock.nanos());
            if (left <= 0) {
                break;
            }
            MessageQueue queue = info.select(avoid);
            try {
                return sendOnce(queue, headers.header(queue, core.config().clock().millis()), body.retainedDuplicate(), left, msgId);
            } catch (BrokerErrorException e) {
                if (!SendResponseReader.isRetryable(e.code())) {
                    throw e;
                }
                last = e;
            } catch (ClientTimeoutException | io.apogee.client.ServerUnreachableException e) {
                last = e;
            }
            avoid = queue.brokerName();
            LOG.debug("send to {} failed, attempt {}: {}", queue, attempt + 1, last.getMessage());
        }
        if (last == null) {
            throw new ClientTimeoutException("send to " + topic + " timed out after " + sendTimeoutMillis + " ms", null);
        }
        throw last;
    }

    private SendResult sendOnce(MessageQueue queue, RemotingHeader header, ByteBuf body, long timeoutMillis, String msgId) {
        String address = address(queue);
        CompletableFuture<SendResult> result = new CompletableFuture<>();
        try {
            core.transport().invoke(address, header, body, timeoutMillis, completing(result, address, queue, msgId));
        } catch (IllegalArgumentException e) {
            throw new InvalidMessageException("cannot be encoded: " + e.getMessage());
        }
        try {
            return result.get(timeoutMillis + core.config().transport().connectTimeoutMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ClientException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new ClientTimeoutException("no answer from " + address + " in " + timeoutMillis + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientTimeoutException("interrupted waiting for " + address, e);
        }
    }

    private static ResponseCallback completing(CompletableFuture<SendResult> result, String address, MessageQueue queue,
                                               String msgId) {
        return new ResponseCallback() {
            @Override
            public void onResponse(RemotingHeader header, ByteBuf body) {
                try {
                    result.complete(SendResponseReader.read(address, header, queue, msgId));
                } catch (ClientException e) {
                    result.completeExceptionally(e);
                }
            }

            @Override
            public void onFailure(TransportException failure) {
                result.completeExceptionally(ClientCore.translate(failure));
            }
        };
    }

    /** The publish info of {@code topic}: its own route, or TBW102's while it has none. */
    private TopicPublishInfo publishInfo(String topic) {
        TopicPublishInfo info = publishInfos.get(topic);
        if (info != null && !info.viaDefaultTopic() && info.route() == core.cachedRoute(topic)) {
            return info;
        }
        if (info != null && info.viaDefaultTopic()) {
            return info;
        }
        info = buildPublishInfo(topic);
        publishInfos.put(topic, info);
        return info;
    }

    private TopicPublishInfo buildPublishInfo(String topic) {
        TopicRoute route = core.cachedRoute(topic);
        if (route == null) {
            route = core.fetchRoute(topic);
        }
        if (route != null) {
            TopicPublishInfo info = new TopicPublishInfo(route, route.writableQueues(topic, Integer.MAX_VALUE), false);
            if (!info.isEmpty()) {
                return info;
            }
        }
        TopicRoute template = core.route(ClientCore.AUTO_CREATE_TOPIC);
        if (template == null) {
            throw new NoRouteException(topic, "neither the topic nor " + ClientCore.AUTO_CREATE_TOPIC + " has a route");
        }
        TopicPublishInfo info = new TopicPublishInfo(template, template.writableQueues(topic, DEFAULT_TOPIC_QUEUES), true);
        if (info.isEmpty()) {
            throw new NoRouteException(topic, "no writable queue");
        }
        return info;
    }

    private void refreshPublishInfos() {
        for (Map.Entry<String, TopicPublishInfo> entry : publishInfos.entrySet()) {
            try {
                if (entry.getValue().viaDefaultTopic() && core.fetchRoute(entry.getKey()) != null) {
                    publishInfos.put(entry.getKey(), buildPublishInfo(entry.getKey()));
                }
            } catch (ClientException e) {
                LOG.debug("route of {} not refreshed: {}", entry.getKey(), e.getMessage());
            }
        }
    }

    private String address(MessageQueue queue) {
        String address = core.masterAddress(queue.brokerName());
        if (address == null) {
            throw new NoRouteException(queue.topic(), "no master address for broker " + queue.brokerName());
        }
        return address;
    }

    private io.netty.buffer.ByteBufAllocator allocator() {
        return core.config().transport().allocator();
    }

    private String validate(OutboundMessage message) {
        encoders.get().check(message);
        return message.topic().toString();
    }

    private void checkOpen() {
        if (closed) {
            throw new ClientClosedException("producer " + group);
        }
    }

    private static byte[] ipBytes(String ip) {
        try {
            return InetAddress.getByName(ip).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("client IP " + ip + " is not an address", e);
        }
    }

    /** Collects a producer's settings. Not thread-safe. */
    public static final class Builder {
        private final ClientConfig.Builder configBuilder = ClientConfig.builder();
        private ClientConfig config;
        private String group;
        private long sendTimeoutMillis = 3000;
        private int retries = 2;
        private int maxInFlight = 1024;
        private int maxBodyLength = SendFrameEncoder.DEFAULT_MAX_MESSAGE_SIZE;
        private int maxBatchLength = SendFrameEncoder.DEFAULT_MAX_MESSAGE_SIZE;
        private int compressOver = SendFrameEncoder.DEFAULT_COMPRESS_OVER;

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

        /** The producer group. */
        public Builder group(String value) {
            this.group = Objects.requireNonNull(value, "group");
            return this;
        }

        /** The total time a send may take, retries included (default 3000 ms). */
        public Builder sendTimeoutMillis(long value) {
            if (value < 1) {
                throw new IllegalArgumentException("sendTimeoutMillis must be positive: " + value);
            }
            this.sendTimeoutMillis = value;
            return this;
        }

        /** Extra attempts of a sync send (default 2, so 3 attempts). */
        public Builder retries(int value) {
            if (value < 0) {
                throw new IllegalArgumentException("retries must not be negative: " + value);
            }
            this.retries = value;
            return this;
        }

        /** Async sends in flight at most (default 1024). */
        public Builder maxInFlight(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxInFlight must be positive: " + value);
            }
            this.maxInFlight = value;
            return this;
        }

        /**
         * The official producer's maxMessageSize: the largest body of one message, before compression, and the
         * largest batch body (default 4 MiB each). Larger ones fail with {@link InvalidMessageException} before
         * anything is sent.
         */
        public Builder maxBodyLength(int body, int batch) {
            if (body < 1 || batch < 1) {
                throw new IllegalArgumentException("maximum lengths must be positive: " + body + ", " + batch);
            }
            this.maxBodyLength = body;
            this.maxBatchLength = batch;
            return this;
        }

        /**
         * Single-message bodies of this many bytes or more are sent zlib-compressed (level 5, sysflag COMPRESSED), as
         * the official producer's compressMsgBodyOverHowmuch (default 4096); consumers see the original bytes.
         * {@code Integer.MAX_VALUE} turns compression off. Batches are never compressed.
         */
        public Builder compressOver(int bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("compressOver must be positive: " + bytes);
            }
            this.compressOver = bytes;
            return this;
        }

        /** Starts the producer. */
        public Producer build() {
            if (group == null) {
                throw new IllegalStateException("no producer group: call group(...)");
            }
            if (config == null) {
                config = configBuilder.build();
            }
            return new Producer(this);
        }
    }
}
