package io.apogee.broker.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.filter.FilterRefusal;
import io.apogee.broker.filter.SubscriptionFilters;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.group.Subscription;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.Names;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.Clock;
import io.apogee.transport.Peer;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBufInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    /** The connections with a close action registered; this processor's own record, not the channel's. */
    private final Set<Peer> watched = Collections.newSetFromMap(new IdentityHashMap<>());

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
    public void process(Exchange exchange) {
        switch (exchange.request().code()) {
            case RequestCode.HEART_BEAT -> heartbeat(exchange);
            case RequestCode.UNREGISTER_CLIENT -> unregister(exchange);
            case RequestCode.GET_CONSUMER_LIST_BY_GROUP -> consumerList(exchange);
            case RequestCode.CHECK_CLIENT_CONFIG -> checkClientConfig(exchange);
            default -> throw new IllegalArgumentException("not a client code: " + exchange.request().code());
        }
    }

    private void heartbeat(Exchange exchange) {
        JsonNode heartbeat;
        try {
            heartbeat = mapper.readTree(new ByteBufInputStream(exchange.body().duplicate()));
        } catch (IOException e) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "bad heartbeat body: " + e.getMessage());
            return;
        }
        String problem = nameProblem(heartbeat);
        if (problem != null) {
            // nothing of it is registered: a group that breaks the rule would make an illegal retry topic
            exchange.reply(ResponseCode.INVALID_PARAMETER, problem);
            return;
        }
        String refusal = refusal(heartbeat.path("consumerDataSet"));
        if (refusal != null) {
            exchange.reply(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, refusal);
            return;
        }
        String clientId = heartbeat.path("clientID").asText();
        Peer peer = exchange.peer();
        lastHeartbeat.put(peer, clock.millis());
        // watched even when closed already (a heartbeat queued behind its connection's close): the close action then
        // runs at once and queues the clean-up behind this heartbeat, so the memberships made below do not outlive it
        watch(peer);
        directory.onHeartbeat(peer, clientId, exchange.request().language().name(), exchange.request().version(), heartbeat);
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
            topics.createForClient(TopicRegistry.RETRY_PREFIX + group, 1, Permission.READ_WRITE);
            if (groups.register(group, clientId, peer, subscriptions)) {
                notifyMembers(group);
            }
        }
        RemotingHeader response = exchange.responseHeader(ResponseCode.SUCCESS, null).version(ProtocolVersion.BROKER);
        exchange.replyWith(null);
    }

    /** Why a name in {@code heartbeat} is refused (a producer or consumer group, a subscribed topic), or null. */
    private static String nameProblem(JsonNode heartbeat) {
        for (JsonNode producer : heartbeat.path("producerDataSet")) {
            String problem = Names.groupProblem(producer.path("groupName").asText());
            if (problem != null) {
                return problem;
            }
        }
        for (JsonNode consumer : heartbeat.path("consumerDataSet")) {
            String problem = Names.groupProblem(consumer.path("groupName").asText());
            for (JsonNode data : consumer.path("subscriptionDataSet")) {
                problem = problem != null ? problem : Names.topicProblem(data.path("topic").asText());
            }
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /**
     * Why the heartbeat's consumer groups cannot all be served, or null: a new group past the group limit, or a new
     * group's retry topic past the topic limit. Checked before anything is recorded, so a refused heartbeat leaves
     * nothing behind; the admin thread runs heartbeats one at a time, so nothing is created in between.
     */
    private String refusal(JsonNode consumers) {
        for (JsonNode consumer : consumers) {
            String group = consumer.path("groupName").asText();
            if (!groups.admits(group)) {
                return groups.refusalRemark(group);
            }
            String retryTopic = TopicRegistry.RETRY_PREFIX + group;
            if (topics.get(retryTopic) == null && topics.isFull()) {
                return topics.limits().topicsFullRemark(retryTopic);
            }
        }
        return null;
    }

    /** Answers whether the broker can filter by the body's subscription data, as RocketMQ's checkClientConfig. */
    private void checkClientConfig(Exchange exchange) {
        JsonNode subscription;
        try {
            subscription = mapper.readTree(new ByteBufInputStream(exchange.body().duplicate())).path("subscriptionData");
        } catch (IOException e) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "bad check-client body: " + e.getMessage());
            return;
        }
        FilterRefusal refusal = subscription.isObject()
            ? filters.check(subscription.path("subString").asText("*"), subscription.path("expressionType").asText(null))
            : null;
        if (refusal == null) {
            exchange.reply(ResponseCode.SUCCESS, null);
        } else {
            exchange.reply(refusal.code(), refusal.remark());
        }
    }

    private void unregister(Exchange exchange) {
        String clientId = exchange.request().ext().get("clientID");
        String group = exchange.request().ext().get("consumerGroup");
        String producerGroup = exchange.request().ext().get("producerGroup");
        String problem = group == null ? null : Names.groupProblem(group);
        if (problem == null && producerGroup != null) {
            problem = Names.groupProblem(producerGroup);
        }
        if (problem != null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, problem);
            return;
        }
        if (clientId != null && producerGroup != null) {
            directory.unregisterProducer(producerGroup, clientId);
        }
        if (clientId != null && group != null) {
            directory.unregisterConsumer(group, clientId);
            if (groups.unregister(group, clientId)) {
                notifyMembers(group);
            }
        }
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    private void consumerList(Exchange exchange) {
        String group = exchange.request().ext().get("consumerGroup");
        String problem = Names.groupProblem(group);
        if (problem != null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, problem);
            return;
        }
        List<String> ids = groups.clientIds(group);
        if (ids.isEmpty()) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "no consumer for this group, " + group);
            return;
        }
        ObjectNode root = mapper.createObjectNode();
        ids.forEach(root.putArray("consumerIdList")::add);
        try {
            exchange.replyJson(mapper.writeValueAsBytes(root));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    /** Forgets the peer and removes its memberships as soon as its connection closes (once per connection). */
    private void watch(Peer peer) {
        if (watched.add(peer)) {
            peer.onClose(() -> {
                try {
                    executor.execute(() -> {
                        watched.remove(peer);
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
