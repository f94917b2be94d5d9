package io.apogee.broker.processor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.filter.FilterRefusal;
import io.apogee.broker.filter.SubscriptionFilters;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.group.Subscription;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.Clock;
import io.apogee.transport.Peer;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.util.AttributeKey;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HEART_BEAT (34), UNREGISTER_CLIENT (35), GET_CONSUMER_LIST_BY_GROUP (38) and CHECK_CLIENT_CONFIG (46, whether the
 * broker filters by a consumer's SQL92 subscription, see {@link SubscriptionFilters}): registers each consumer's group
 * membership and subscriptions, creates the group's retry topic, and sends NOTIFY_CONSUMER_IDS_CHANGED (40, oneway)
 * to every member of a group whose membership changed, also when a member's connection closes. A client silent for
 * longer than the expiry (no heartbeat; RocketMQ's channelExpiredTimeout) has its connection closed by
 * {@link #expireSilent()}, which drops it from its groups the same way. JSON through Jackson; this is not a hot path
 * (one heartbeat per client every 30 s).
 *
 * <p>Runs on the admin executor thread, which owns the last-heartbeat table; connection-close cleanups and expiry
 * sweeps are queued onto {@code executor} too.
 */
public final class ClientProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.HEART_BEAT, RequestCode.UNREGISTER_CLIENT,
        RequestCode.GET_CONSUMER_LIST_BY_GROUP, RequestCode.CHECK_CLIENT_CONFIG};
    private static final Logger LOG = LoggerFactory.getLogger(ClientProcessor.class);
    private static final AttributeKey<Boolean> WATCHED = AttributeKey.valueOf("apogee.consumerWatched");
    private static final long NOTIFY_TIMEOUT_MILLIS = 3_000;

    private final ConsumerGroups groups;
    private final ClientDirectory directory;
    private final TopicRegistry topics;
    private final SubscriptionFilters filters;
    private final Executor executor;
    private final ObjectMapper mapper = new ObjectMapper();
    private final Clock clock;
    private final long expiryMillis;
    private final Map<Peer, Long> lastHeartbeat = new HashMap<>();

    /**
     * A processor over {@code groups} whose subscriptions get their filters from {@code filters}; {@code executor} is
     * the thread this processor runs on; a client silent for {@code expiryMillis} by {@code clock} is expired.
     */
    public ClientProcessor(ConsumerGroups groups, ClientDirectory directory, TopicRegistry topics,
        SubscriptionFilters filters, Executor executor, Clock clock, long expiryMillis) {
        this.groups = groups;
        this.directory = directory;
        this.topics = topics;
        this.filters = filters;
        this.executor = executor;
        this.clock = clock;
        this.expiryMillis = expiryMillis;
    }

    /**
     * Closes the connection of every client whose last heartbeat is older than the expiry; the close drops it from
     * its groups and notifies their other members. Call on the processor's thread (queue it onto the executor).
     */
    public void expireSilent() {
        long now = clock.millis();
        for (Iterator<Map.Entry<Peer, Long>> it = lastHeartbeat.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Peer, Long> entry = it.next();
            if (now - entry.getValue() > expiryMillis) {
                it.remove();
                LOG.info("{}: no heartbeat for {} ms, closing the connection", entry.getKey().address(),
                    now - entry.getValue());
                entry.getKey().close();
            }
        }
    }

    @Override
    public void process(Peer peer, RemotingHeader request, ByteBuf body) {
        try {
            switch (request.code()) {
                case RequestCode.HEART_BEAT -> heartbeat(peer, request, body);
                case RequestCode.UNREGISTER_CLIENT -> unregister(peer, request);
                case RequestCode.GET_CONSUMER_LIST_BY_GROUP -> consumerList(peer, request);
                case RequestCode.CHECK_CLIENT_CONFIG -> checkClientConfig(peer, request, body);
                default -> throw new IllegalArgumentException("not a client code: " + request.code());
            }
        } finally {
            body.release();
        }
    }

    private void heartbeat(Peer peer, RemotingHeader request, ByteBuf body) {
        JsonNode heartbeat;
        try {
            heartbeat = mapper.readTree(new ByteBufInputStream(body.duplicate()));
        } catch (IOException e) {
            Replies.send(peer, request, ResponseCode.SYSTEM_ERROR, "bad heartbeat body: " + e.getMessage());
            return;
        }
        String clientId = heartbeat.path("clientID").asText();
        if (peer.isActive()) {
            lastHeartbeat.put(peer, clock.millis());
            watch(peer);
        }
        directory.onHeartbeat(peer, clientId, request.language().name(), request.version(), heartbeat);
        for (JsonNode consumer : heartbeat.path("consumerDataSet")) {
            String group = consumer.path("groupName").asText();
            List<Subscription> subscriptions = new ArrayList<>();
            for (JsonNode data : consumer.path("subscriptionDataSet")) {
                List<Integer> codes = new ArrayList<>();
                data.path("codeSet").forEach(code -> codes.add(code.asInt()));
                String topic = data.path("topic").asText();
                subscriptions.add(filters.fromHeartbeat(groups.subscription(group, topic), topic,
                    data.path("subString").asText("*"), data.path("expressionType").asText(SubscriptionFilters.TAG), codes));
            }
            topics.createIfAbsent(TopicRegistry.RETRY_PREFIX + group, 1, Permission.READ_WRITE);
            if (groups.register(group, clientId, peer, subscriptions)) {
                notifyMembers(group);
            }
        }
        RemotingHeader response = Replies.header(request, ResponseCode.SUCCESS, null).version(ProtocolVersion.BROKER);
        Replies.send(peer, request, response, null);
    }

    /** Answers whether the broker can filter by the body's subscription data, as RocketMQ's checkClientConfig. */
    private void checkClientConfig(Peer peer, RemotingHeader request, ByteBuf body) {
        JsonNode subscription;
        try {
            subscription = mapper.readTree(new ByteBufInputStream(body.duplicate())).path("subscriptionData");
        } catch (IOException e) {
            Replies.send(peer, request, ResponseCode.SYSTEM_ERROR, "bad check-client body: " + e.getMessage());
            return;
        }
        FilterRefusal refusal = subscription.isObject()
            ? filters.check(subscription.path("subString").asText("*"), subscription.path("expressionType").asText(null))
            : null;
        if (refusal == null) {
            Replies.send(peer, request, ResponseCode.SUCCESS, null);
        } else {
            Replies.send(peer, request, refusal.code(), refusal.remark());
        }
    }

    private void unregister(Peer peer, RemotingHeader request) {
        String clientId = request.ext().get("clientID");
        String group = request.ext().get("consumerGroup");
        String producerGroup = request.ext().get("producerGroup");
        if (clientId != null && producerGroup != null) {
            directory.unregisterProducer(producerGroup, clientId);
        }
        if (clientId != null && group != null) {
            directory.unregisterConsumer(group, clientId);
            if (groups.unregister(group, clientId)) {
                notifyMembers(group);
            }
        }
        Replies.send(peer, request, ResponseCode.SUCCESS, null);
    }

    private void consumerList(Peer peer, RemotingHeader request) {
        String group = request.ext().get("consumerGroup");
        List<String> ids = group == null ? List.of() : groups.clientIds(group);
        if (ids.isEmpty()) {
            Replies.send(peer, request, ResponseCode.SYSTEM_ERROR, "no consumer for this group, " + group);
            return;
        }
        ObjectNode root = mapper.createObjectNode();
        ids.forEach(root.putArray("consumerIdList")::add);
        try {
            Replies.json(peer, request, mapper.writeValueAsBytes(root));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    /** Forgets the peer and removes its memberships as soon as its connection closes (once per connection). */
    private void watch(Peer peer) {
        if (peer.channel().attr(WATCHED).setIfAbsent(Boolean.TRUE) == null) {
            peer.channel().closeFuture().addListener(closed -> {
                try {
                    executor.execute(() -> {
                        lastHeartbeat.remove(peer);
                        directory.removePeer(peer);
                        groups.removePeer(peer).forEach(this::notifyMembers);
                    });
                } catch (RejectedExecutionException e) {
                    LOG.debug("shutting down: {} left without notifying its groups", peer.address());
                }
            });
        }
    }

    /** NOTIFY_CONSUMER_IDS_CHANGED to every member of {@code group}. */
    private void notifyMembers(String group) {
        for (Peer member : groups.peers(group)) {
            RemotingHeader notify = new RemotingHeader().asRequest(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, 0);
            notify.ext().add("consumerGroup", group);
            if (!member.invokeOneway(notify, null, NOTIFY_TIMEOUT_MILLIS)) {
                LOG.debug("{}: could not notify of group {} changes", member.address(), group);
            }
        }
    }
}
