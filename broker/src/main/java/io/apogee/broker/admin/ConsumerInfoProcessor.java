package io.apogee.broker.admin;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.ConsumerOffset;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.util.Set;
import java.util.TreeSet;

/**
 * GET_CONSUMER_CONNECTION_LIST (203) and QUERY_TOPIC_CONSUME_BY_WHO (300): a consumer group's connected members and
 * how it consumes, as their heartbeats said ({@link ClientDirectory}), CONSUMER_NOT_ONLINE (206) when none is
 * connected; and the groups consuming a topic (connected and subscribed, or holding committed offsets on it), which
 * mqadmin's {@code queryMsgById} and {@code topicList -c} ask for.
 *
 * <p>Runs on the admin executor thread. JSON through Jackson; admin traffic.
 */
public final class ConsumerInfoProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_CONSUMER_CONNECTION_LIST, RequestCode.QUERY_TOPIC_CONSUME_BY_WHO};

    private final ClientDirectory clients;
    private final ConsumerOffsetTable offsets;

    /** Answers from {@code clients} and {@code offsets}. */
    public ConsumerInfoProcessor(ClientDirectory clients, ConsumerOffsetTable offsets) {
        this.clients = clients;
        this.offsets = offsets;
    }

    @Override
    public void process(Exchange exchange) {
        switch (exchange.request().code()) {
            case RequestCode.GET_CONSUMER_CONNECTION_LIST -> connections(exchange);
            case RequestCode.QUERY_TOPIC_CONSUME_BY_WHO -> consumedBy(exchange);
            default -> throw new IllegalArgumentException("not a consumer info code: " + exchange.request().code());
        }
    }

    private void connections(Exchange exchange) {
        String group = exchange.request().ext().get("consumerGroup");
        ClientDirectory.ConsumerGroupSnapshot snapshot = group == null ? null : clients.consumerGroup(group);
        if (snapshot == null) {
            exchange.reply(ResponseCode.CONSUMER_NOT_ONLINE, "the consumer group[" + group + "] not online");
            return;
        }
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode set = root.putArray("connectionSet");
        for (ClientDirectory.Connection connection : snapshot.connections()) {
            ObjectNode node = set.addObject();
            node.put("clientAddr", connection.clientAddr());
            node.put("clientId", connection.clientId());
            node.put("language", connection.language());
            node.put("version", connection.version());
        }
        root.put("consumeFromWhere", snapshot.consumeFromWhere());
        root.put("consumeType", snapshot.consumeType());
        root.put("messageModel", snapshot.messageModel());
        ObjectNode subscriptions = root.putObject("subscriptionTable");
        snapshot.subscriptions().forEach(subscriptions::set);
        exchange.replyJson(root);
    }

    private void consumedBy(Exchange exchange) {
        String topic = exchange.request().ext().get("topic");
        Set<String> groups = new TreeSet<>();
        if (topic != null) {
            groups.addAll(clients.consumerGroupsOf(topic));
            for (ConsumerOffset offset : offsets.all()) {
                if (offset.topic().equals(topic)) {
                    groups.add(offset.group());
                }
            }
        }
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode list = root.putArray("groupList");
        groups.forEach(list::add);
        exchange.replyJson(root);
    }

}
