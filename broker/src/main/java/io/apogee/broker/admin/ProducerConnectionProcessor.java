package io.apogee.broker.admin;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.util.List;

/**
 * GET_PRODUCER_CONNECTION_LIST (204), mqadmin's {@code producerConnection}: a producer group's connected members as
 * their heartbeats said ({@link ClientDirectory}), RocketMQ's ProducerConnection. A group no producer ever announced is
 * SYSTEM_ERROR with RocketMQ's remark; a missing group name is INVALID_PARAMETER.
 *
 * <p>Runs on the admin executor thread; the directory is thread-safe.
 */
public final class ProducerConnectionProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_PRODUCER_CONNECTION_LIST};

    private final ClientDirectory clients;

    /** Answers from {@code clients}. */
    public ProducerConnectionProcessor(ClientDirectory clients) {
        this.clients = clients;
    }

    @Override
    public void process(Exchange exchange) {
        String group = exchange.request().ext().get("producerGroup");
        if (group == null || group.isBlank()) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "producerGroup is missing");
            return;
        }
        List<ClientDirectory.Connection> connections = clients.producerConnections(group);
        if (connections == null) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "the producer group[" + group + "] not exist");
            return;
        }
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode set = root.putArray("connectionSet");
        for (ClientDirectory.Connection connection : connections) {
            ObjectNode node = set.addObject();
            node.put("clientAddr", connection.clientAddr());
            node.put("clientId", connection.clientId());
            node.put("language", connection.language());
            node.put("version", connection.version());
        }
        exchange.replyJson(root);
    }
}
