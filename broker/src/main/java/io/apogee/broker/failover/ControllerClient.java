package io.apogee.broker.failover;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.TransportException;
import io.apogee.transport.auth.RequestSigner;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A broker's client of the controller, with RocketMQ 5.4.0's request codes and header fields: it finds the leading
 * replica (CONTROLLER_GET_METADATA_INFO, asking each replica in turn), and sends it the broker's requests. A refusal
 * of CONTROLLER_NOT_LEADER, or no answer, makes it look for the leader again on the next call.
 *
 * <p>Thread-safe: the leader it remembers is volatile, and two threads that look for it at once both find it. The
 * remoting client belongs to the caller.
 */
public final class ControllerClient {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final List<String> controllers;
    private final RemotingClient client;
    private final long timeoutMillis;
    private final RequestSigner signer;
    private volatile String leader;

    /**
     * A client of the replicas {@code controllers} over {@code client}, signing every request with {@code signer}
     * (null: unsigned), as RocketMQ's brokers sign with their inner credentials.
     */
    public ControllerClient(List<String> controllers, RemotingClient client, long timeoutMillis, RequestSigner signer) {
        this.controllers = List.copyOf(controllers);
        this.client = client;
        this.timeoutMillis = timeoutMillis;
        this.signer = signer;
    }

    /** The next free id of group {@code brokerName} (CONTROLLER_GET_NEXT_BROKER_ID, 1012). */
    public long nextBrokerId(String cluster, String brokerName) throws InterruptedException {
        RemotingHeader header = request(RequestCode.CONTROLLER_GET_NEXT_BROKER_ID);
        header.ext().add("clusterName", cluster).add("brokerName", brokerName);
        try (RemotingResponse response = call(header)) {
            return Long.parseLong(response.header().ext().get("nextBrokerId"));
        }
    }

    /**
     * Claims {@code brokerId} for the broker at {@code address} (CONTROLLER_APPLY_BROKER_ID, 1013). A claim of the id
     * this address holds already succeeds again, which is how a restart keeps its id.
     *
     * @throws ControllerException with CONTROLLER_BROKER_ID_INVALID when another address holds the id
     */
    public void applyBrokerId(String cluster, String brokerName, long brokerId, String address)
        throws InterruptedException {
        RemotingHeader header = request(RequestCode.CONTROLLER_APPLY_BROKER_ID);
        header.ext().add("clusterName", cluster).add("brokerName", brokerName).add("appliedBrokerId", brokerId)
            .add("registerCheckCode", address + ';' + System.currentTimeMillis());
        call(header).close();
    }

    /** Registers the broker's address (CONTROLLER_REGISTER_BROKER, 1003); answers with the group's master. */
    public GroupState register(String cluster, String brokerName, long brokerId, String address)
        throws InterruptedException {
        RemotingHeader header = request(RequestCode.CONTROLLER_REGISTER_BROKER);
        header.ext().add("clusterName", cluster).add("brokerName", brokerName).add("brokerId", brokerId)
            .add("brokerAddress", address);
        try (RemotingResponse response = call(header)) {
            return state(response);
        }
    }

    /**
     * Asks for an election in the group (CONTROLLER_ELECT_MASTER, 1002). A master that still lives is the answer too
     * (CONTROLLER_MASTER_STILL_EXIST).
     */
    public GroupState elect(String cluster, String brokerName, long brokerId) throws InterruptedException {
        RemotingHeader header = request(RequestCode.CONTROLLER_ELECT_MASTER);
        header.ext().add("clusterName", cluster).add("brokerName", brokerName).add("brokerId", brokerId)
            .add("designateElect", false).add("invokeTime", System.currentTimeMillis());
        try (RemotingResponse response = call(header, ResponseCode.CONTROLLER_MASTER_STILL_EXIST)) {
            return state(response);
        }
    }

    /** The group's master and epochs now (CONTROLLER_GET_REPLICA_INFO, 1004). */
    public GroupState replicaInfo(String brokerName) throws InterruptedException {
        RemotingHeader header = request(RequestCode.CONTROLLER_GET_REPLICA_INFO);
        header.ext().add("brokerName", brokerName);
        try (RemotingResponse response = call(header)) {
            return state(response);
        }
    }

    /**
     * Asks to make {@code members} the group's sync-state set (CONTROLLER_ALTER_SYNC_STATE_SET, 1001), as its master
     * of {@code masterEpoch}, over the set of {@code setEpoch}; returns the new set's epoch.
     *
     * @throws ControllerException when fenced by a newer epoch, or when a member is not a live replica
     */
    public int alterSyncStateSet(String brokerName, long masterBrokerId, int masterEpoch, Set<Long> members,
        int setEpoch) throws InterruptedException {
        RemotingHeader header = request(RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET);
        header.ext().add("brokerName", brokerName).add("masterBrokerId", masterBrokerId).add("masterEpoch", masterEpoch)
            .add("invokeTime", System.currentTimeMillis());
        ObjectNode body = MAPPER.createObjectNode();
        ArrayNode set = body.putArray("syncStateSet");
        members.forEach(set::add);
        body.put("syncStateSetEpoch", setEpoch);
        try (RemotingResponse response = call(header, Unpooled.wrappedBuffer(body.toString()
            .getBytes(StandardCharsets.UTF_8)))) {
            return Integer.parseInt(response.header().ext().get("newSyncStateSetEpoch"));
        } catch (NumberFormatException e) {
            throw new ControllerException(ResponseCode.SYSTEM_ERROR, "the controller answered no newSyncStateSetEpoch");
        }
    }

    /**
     * Tells every replica the broker lives (BROKER_HEARTBEAT, 904, oneway as RocketMQ's brokers send it), the known
     * leader first, with its log's end, which elections prefer, and the timeout after which the controller counts it as
     * gone. Every replica hears it, as RocketMQ's brokers send it, so that a replica that comes to lead hears the broker
     * at once, not after the broker's next call finds it. Returns false when it was certainly sent to none.
     */
    public boolean heartbeat(String cluster, String brokerName, long brokerId, String address, int epoch, long maxOffset,
        long heartbeatTimeoutMillis) {
        Set<String> targets = new LinkedHashSet<>();
        String known = leader;
        if (known != null) {
            targets.add(known);
        }
        targets.addAll(controllers);
        boolean sent = false;
        for (String target : targets) {
            RemotingHeader header = new RemotingHeader().asRequest(RequestCode.BROKER_HEARTBEAT, 0);
            header.ext().add("clusterName", cluster).add("brokerAddr", address).add("brokerName", brokerName)
                .add("brokerId", brokerId).add("epoch", epoch).add("maxOffset", maxOffset)
                .add("heartbeatTimeoutMills", heartbeatTimeoutMillis);
            sent |= client.invokeOneway(target, signed(header, null), null, timeoutMillis);
        }
        return sent;
    }

    /** The leading replica's address as last found, or null. */
    public String leader() {
        return leader;
    }

    private static RemotingHeader request(int code) {
        return new RemotingHeader().asRequest(code, 0);
    }

    private RemotingResponse call(RemotingHeader header, int... alsoOk) throws InterruptedException {
        return call(header, null, alsoOk);
    }

    /**
     * Sends {@code header} and {@code body} (owned from now on; may be null) to the leader, found first if need be; any
     * answer but success or {@code alsoOk} throws.
     */
    private RemotingResponse call(RemotingHeader header, ByteBuf body, int... alsoOk) throws InterruptedException {
        String target;
        try {
            target = leader != null ? leader : findLeader();
        } catch (ControllerException | InterruptedException e) {
            if (body != null) {
                body.release();
            }
            throw e;
        }
        RemotingResponse response;
        try {
            response = client.invokeSync(target, signed(header, body), body, timeoutMillis);
        } catch (TransportException e) {
            leader = null;
            throw new ControllerException(ControllerException.NO_ANSWER, "controller " + target + ": " + e.getMessage());
        }
        if (response.code() == ResponseCode.SUCCESS || contains(alsoOk, response.code())) {
            return response;
        }
        try (response) {
            if (response.code() == ResponseCode.CONTROLLER_NOT_LEADER) {
                leader = null;
            }
            throw new ControllerException(response.code(), "controller " + target + " answered "
                + ResponseCode.name(response.code()) + ": " + response.remark());
        }
    }

    private RemotingHeader signed(RemotingHeader header, ByteBuf body) {
        if (signer != null) {
            signer.sign(header, body);
        }
        return header;
    }

    private static boolean contains(int[] codes, int code) {
        for (int each : codes) {
            if (each == code) {
                return true;
            }
        }
        return false;
    }

    /** Asks each replica in turn which replica leads; only the leader names an address, its own. */
    private String findLeader() throws InterruptedException {
        for (String controller : controllers) {
            try (RemotingResponse response = client.invokeSync(controller,
                signed(request(RequestCode.CONTROLLER_GET_METADATA_INFO), null), null, timeoutMillis)) {
                String address = response.header().ext().get("controllerLeaderAddress");
                if (response.code() == ResponseCode.SUCCESS && address != null && !address.isEmpty()) {
                    leader = address;
                    return address;
                }
            } catch (TransportException e) {
                // that replica is down: ask the next
            }
        }
        throw new ControllerException(ControllerException.NO_ANSWER, "no controller replica of " + controllers
            + " names a leader");
    }

    /**
     * The master and epochs of an answer: no masterBrokerId means no master, as RocketMQ leaves it null. The body, when
     * it names the sync-state set, gives it.
     */
    private static GroupState state(RemotingResponse response) {
        RemotingHeader header = response.header();
        String masterId = header.ext().get("masterBrokerId");
        String address = header.ext().get("masterAddress");
        String epoch = header.ext().get("masterEpoch");
        Set<Long> members = new TreeSet<>();
        int setEpoch = -1;
        ByteBuf body = response.body();
        if (body != null && body.isReadable()) {
            try {
                JsonNode root = MAPPER.readTree(new ByteBufInputStream(body.duplicate()));
                if (root != null && root.path("syncStateSet").isArray()) {
                    root.get("syncStateSet").forEach(member -> members.add(member.asLong()));
                }
                if (root != null && root.path("syncStateSetEpoch").canConvertToInt()) {
                    setEpoch = root.get("syncStateSetEpoch").asInt();
                }
            } catch (IOException e) {
                throw new ControllerException(ResponseCode.SYSTEM_ERROR, "the controller's answer is not JSON: " + e);
            }
        }
        String setEpochField = header.ext().get("syncStateSetEpoch");
        if (setEpoch < 0) {
            setEpoch = setEpochField == null ? 0 : Integer.parseInt(setEpochField);
        }
        return new GroupState(masterId == null ? GroupState.NO_MASTER : Long.parseLong(masterId),
            address == null ? "" : address, epoch == null ? 0 : Integer.parseInt(epoch), setEpoch, members);
    }
}
