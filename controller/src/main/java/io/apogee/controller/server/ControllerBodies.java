package io.apogee.controller.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.controller.state.GroupView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The JSON bodies of RocketMQ's controller codes, as its SyncStateSet and ElectMasterResponseBody classes write
 * them: {@code {"syncStateSet":[1,2],"syncStateSetEpoch":3}} and
 * {@code {"brokerMemberGroup":{"cluster":..,"brokerName":..,"brokerAddrs":{"1":..}},"syncStateSet":[1]}}. Thread-safe.
 */
final class ControllerBodies {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ControllerBodies() {
    }

    /** A sync-state set as a proposal carries it: the members and the epoch they replace. */
    record SyncStateSet(Set<Long> members, int epoch) {
    }

    /** The SyncStateSet body of {@code group}. */
    static byte[] syncStateSet(GroupView group) {
        ObjectNode body = JSON.createObjectNode();
        ArrayNode members = body.putArray("syncStateSet");
        group.syncStateSet().forEach(members::add);
        body.put("syncStateSetEpoch", group.syncStateSetEpoch());
        return bytes(body);
    }

    /** The ElectMasterResponseBody of {@code group}. */
    static byte[] electMaster(GroupView group) {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode members = body.putObject("brokerMemberGroup");
        members.put("cluster", group.clusterName());
        members.put("brokerName", group.brokerName());
        ObjectNode addresses = members.putObject("brokerAddrs");
        for (Map.Entry<Long, String> replica : group.replicas().entrySet()) {
            addresses.put(Long.toString(replica.getKey()), replica.getValue());
        }
        ArrayNode set = body.putArray("syncStateSet");
        group.syncStateSet().forEach(set::add);
        return bytes(body);
    }

    /** The SyncStateSet a request body holds; an {@link IllegalArgumentException} says what is wrong with it. */
    static SyncStateSet parseSyncStateSet(byte[] bytes) {
        JsonNode body;
        try {
            body = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("the body is not a SyncStateSet in JSON", e);
        }
        if (body == null || !body.path("syncStateSet").isArray() || !body.path("syncStateSetEpoch").canConvertToInt()) {
            throw new IllegalArgumentException("the body needs syncStateSet (an array of broker ids) and syncStateSetEpoch");
        }
        Set<Long> members = new TreeSet<>();
        for (JsonNode member : body.get("syncStateSet")) {
            if (!member.canConvertToLong()) {
                throw new IllegalArgumentException("syncStateSet holds a non-id: " + member);
            }
            members.add(member.asLong());
        }
        return new SyncStateSet(members, body.get("syncStateSetEpoch").asInt());
    }

    private static byte[] bytes(JsonNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
