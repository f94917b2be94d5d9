package io.apogee.broker.group;

import com.fasterxml.jackson.databind.JsonNode;
import io.apogee.transport.Peer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the heartbeats said about each client beyond group membership: per consumer group, how it consumes (type,
 * model, where a new consumer starts), its subscriptions as sent and each member's connection (client id, address,
 * language, version), answered by GET_CONSUMER_CONNECTION_LIST; and per producer group, the connections of its
 * producers, which CHECK_TRANSACTION_STATE is sent to. A connection that closes leaves every group it was in.
 *
 * <p>Thread-safe: each group's state is guarded by its own lock. Admin traffic only (one heartbeat per client every
 * 30 s), never on the send or pull path.
 */
public final class ClientDirectory {
    private final Map<String, ConsumerGroupView> consumers = new ConcurrentHashMap<>();
    private final Map<String, Map<Peer, Connection>> producers = new ConcurrentHashMap<>();

    /**
     * Records a heartbeat of {@code clientId} on {@code peer}, a client of {@code language} and protocol
     * {@code version}: the {@code consumerDataSet} and {@code producerDataSet} of its body.
     */
    public void onHeartbeat(Peer peer, String clientId, String language, int version, JsonNode heartbeat) {
        Connection connection = new Connection(clientId, peer.address(), language, version);
        for (JsonNode consumer : heartbeat.path("consumerDataSet")) {
            ConsumerGroupView view = consumers.computeIfAbsent(consumer.path("groupName").asText(),
                name -> new ConsumerGroupView());
            synchronized (view) {
                view.consumeType = consumer.path("consumeType").asText(view.consumeType);
                view.messageModel = consumer.path("messageModel").asText(view.messageModel);
                view.consumeFromWhere = consumer.path("consumeFromWhere").asText(view.consumeFromWhere);
                for (JsonNode subscription : consumer.path("subscriptionDataSet")) {
                    view.subscriptions.put(subscription.path("topic").asText(), subscription);
                }
                view.connections.put(peer, connection);
            }
        }
        for (JsonNode producer : heartbeat.path("producerDataSet")) {
            Map<Peer, Connection> group = producers.computeIfAbsent(producer.path("groupName").asText(),
                name -> new ConcurrentHashMap<>());
            group.put(peer, connection);
        }
    }

    /** Forgets {@code clientId} of consumer {@code group} (UNREGISTER_CLIENT). */
    public void unregisterConsumer(String group, String clientId) {
        ConsumerGroupView view = consumers.get(group);
        if (view != null) {
            synchronized (view) {
                view.connections.values().removeIf(connection -> connection.clientId().equals(clientId));
            }
        }
    }

    /** Forgets {@code clientId} of producer {@code group} (UNREGISTER_CLIENT). */
    public void unregisterProducer(String group, String clientId) {
        // a group left empty is forgotten, as RocketMQ forgets it: producerConnection then finds no such group
        producers.computeIfPresent(group, (name, members) -> {
            members.values().removeIf(connection -> connection.clientId().equals(clientId));
            return members.isEmpty() ? null : members;
        });
    }

    /** Drops every membership held through {@code peer} (its connection closed). */
    public void removePeer(Peer peer) {
        for (ConsumerGroupView view : consumers.values()) {
            synchronized (view) {
                view.connections.remove(peer);
            }
        }
        for (String group : producers.keySet()) {
            producers.computeIfPresent(group, (name, members) -> {
                members.remove(peer);
                return members.isEmpty() ? null : members;
            });
        }
    }

    /** A snapshot of consumer {@code group}, or null when none of its members is connected. */
    public ConsumerGroupSnapshot consumerGroup(String group) {
        ConsumerGroupView view = consumers.get(group);
        if (view == null) {
            return null;
        }
        synchronized (view) {
            if (view.connections.isEmpty()) {
                return null;
            }
            return new ConsumerGroupSnapshot(view.consumeType, view.messageModel, view.consumeFromWhere,
                new LinkedHashMap<>(view.subscriptions), List.copyOf(view.connections.values()));
        }
    }

    /** The live connection of {@code clientId} in consumer {@code group}, or null when it has none. */
    public Member consumerMember(String group, String clientId) {
        ConsumerGroupView view = consumers.get(group);
        if (view == null) {
            return null;
        }
        synchronized (view) {
            for (Map.Entry<Peer, Connection> entry : view.connections.entrySet()) {
                if (entry.getValue().clientId().equals(clientId) && entry.getKey().isActive()) {
                    return new Member(entry.getKey(), entry.getValue());
                }
            }
        }
        return null;
    }

    /** The consumer groups with a connected member subscribed to {@code topic}. */
    public List<String> consumerGroupsOf(String topic) {
        List<String> found = new ArrayList<>();
        consumers.forEach((group, view) -> {
            synchronized (view) {
                if (!view.connections.isEmpty() && view.subscriptions.containsKey(topic)) {
                    found.add(group);
                }
            }
        });
        return found;
    }

    /** The live connections of producer {@code group}'s members (possibly empty). */
    public List<Peer> producers(String group) {
        Map<Peer, Connection> members = producers.get(group);
        if (members == null) {
            return List.of();
        }
        return members.keySet().stream().filter(Peer::isActive).toList();
    }

    /** Hands each connected producer group member to {@code visitor}, for the metrics. */
    public void forEachProducer(MemberVisitor visitor) {
        producers.forEach((group, members) -> members.forEach((peer, connection) -> {
            if (peer.isActive()) {
                visitor.visit(group, connection, "");
            }
        }));
    }

    /** Hands each connected consumer group member to {@code visitor}, with how its group consumes, for the metrics. */
    public void forEachConsumer(MemberVisitor visitor) {
        consumers.forEach((group, view) -> {
            synchronized (view) {
                view.connections.values().forEach(connection -> visitor.visit(group, connection, view.consumeType));
            }
        });
    }

    /** Receives one member of a group. */
    @FunctionalInterface
    public interface MemberVisitor {
        /** {@code connection} is a member of {@code group}; {@code consumeType} is empty for a producer. */
        void visit(String group, Connection connection, String consumeType);
    }

    /**
     * The connections of producer {@code group}'s live members as their heartbeats described them (possibly empty, when
     * the last one's connection closed unnoticed so far), or null when no producer of the group is known.
     */
    public List<Connection> producerConnections(String group) {
        Map<Peer, Connection> members = producers.get(group);
        if (members == null) {
            return null;
        }
        List<Connection> live = new ArrayList<>();
        members.forEach((peer, connection) -> {
            if (peer.isActive()) {
                live.add(connection);
            }
        });
        return live;
    }

    /**
     * One member's connection as GET_CONSUMER_CONNECTION_LIST and GET_PRODUCER_CONNECTION_LIST report it.
     *
     * @param clientId   the client id
     * @param clientAddr the remote address
     * @param language   the client's language (JAVA, CPP, ...)
     * @param version    the client's protocol version
     */
    public record Connection(String clientId, String clientAddr, String language, int version) {
    }

    /**
     * One client's connection, to call it.
     *
     * @param peer       the connection
     * @param connection what its heartbeat said
     */
    public record Member(Peer peer, Connection connection) {
    }

    /**
     * A consumer group as its members' heartbeats described it.
     *
     * @param consumeType      CONSUME_ACTIVELY, CONSUME_PASSIVELY or CONSUME_POP
     * @param messageModel     CLUSTERING or BROADCASTING
     * @param consumeFromWhere where a new consumer starts
     * @param subscriptions    each topic's SubscriptionData as sent
     * @param connections      the connected members
     */
    public record ConsumerGroupSnapshot(String consumeType, String messageModel, String consumeFromWhere,
        Map<String, JsonNode> subscriptions, List<Connection> connections) {
    }

    /** One consumer group's latest heartbeat data. Guarded by its own monitor. */
    private static final class ConsumerGroupView {
        private String consumeType = "CONSUME_PASSIVELY";
        private String messageModel = "CLUSTERING";
        private String consumeFromWhere = "CONSUME_FROM_LAST_OFFSET";
        private final Map<String, JsonNode> subscriptions = new LinkedHashMap<>();
        private final Map<Peer, Connection> connections = new LinkedHashMap<>();
    }
}
