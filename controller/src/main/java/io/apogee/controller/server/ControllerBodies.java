package io.apogee.controller.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.controller.state.GroupView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiPredicate;

/**
 * The JSON bodies of RocketMQ's controller codes, as its SyncStateSet and ElectMasterResponseBody classes write
 * them: {@code {"syncStateSet":[1,2],"syncStateSetEpoch":3}} and
 * {@code {"brokerMemberGroup":{"cluster":..,"brokerName":..,"brokerAddrs":{"1":..}},"syncStateSet":[1]}}, and
 * BrokerReplicasInfo for CONTROLLER_GET_SYNC_STATE_DATA. Thread-safe.
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

    /** The broker names a CONTROLLER_GET_SYNC_STATE_DATA body lists, as a JSON array of strings. */
    static List<String> parseBrokerNames(byte[] bytes) {
        JsonNode body;
        try {
            body = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("the body is not a JSON array of broker names", e);
        }
        if (body == null || !body.isArray()) {
            throw new IllegalArgumentException("the body must be a JSON array of broker names");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode name : body) {
            if (!name.isTextual() || name.asText().isBlank()) {
                throw new IllegalArgumentException("the broker names hold a non-name: " + name);
            }
            names.add(name.asText());
        }
        return names;
    }

    /**
     * The BrokerReplicasInfo body of {@code groups}: per group its master, epochs, and replicas in and out of the
     * sync-state set, each with whether {@code alive} says it lives.
     */
    static byte[] replicasInfo(List<GroupView> groups, BiPredicate<String, Long> alive) {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode table = body.putObject("replicasInfoTable");
        for (GroupView group : groups) {
            ObjectNode info = table.putObject(group.brokerName());
            if (group.hasMaster()) {
                info.put("masterBrokerId", group.masterBrokerId());
                info.put("masterAddress", group.masterAddress());
            }
            info.put("masterEpoch", group.masterEpoch());
            info.put("syncStateSetEpoch", group.syncStateSetEpoch());
            ArrayNode in = info.putArray("inSyncReplicas");
            ArrayNode out = info.putArray("notInSyncReplicas");
            for (Map.Entry<Long, String> replica : group.replicas().entrySet()) {
                ObjectNode identity = (group.syncStateSet().contains(replica.getKey()) ? in : out).addObject();
                identity.put("brokerName", group.brokerName());
                identity.put("brokerId", replica.getKey());
                identity.put("brokerAddress", replica.getValue());
                identity.put("alive", alive.test(group.brokerName(), replica.getKey()));
            }
        }
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
