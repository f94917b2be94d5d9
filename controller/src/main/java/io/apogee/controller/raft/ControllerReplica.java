package io.apogee.controller.raft;

import io.apogee.controller.state.CommandCodec;
import io.apogee.controller.state.ControllerCommand;
import io.apogee.controller.state.ControllerReply;
import io.apogee.controller.state.GroupView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.RaftConfigKeys;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.client.RaftClientConfigKeys;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.netty.NettyConfigKeys;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.retry.RetryPolicies;
import org.apache.ratis.rpc.SupportedRpcType;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.util.TimeDuration;

/**
 * One controller replica on Apache Ratis: a Raft server with its own storage directory running a
 * {@link ControllerStateMachine}, and a Raft client through which this replica, while it leads, submits commands.
 * Starts on {@link #start}, keeps its log and snapshots across restarts, and {@link #close()} stops both.
 * Thread-safe.
 */
public final class ControllerReplica implements AutoCloseable {
    private final RaftServer server;
    private final RaftClient client;
    private final RaftGroupId groupId;
    private final RaftPeerId selfId;
    private final long requestTimeoutMillis;

    private ControllerReplica(RaftServer server, RaftClient client, RaftGroupId groupId, RaftPeerId selfId,
                              long requestTimeoutMillis) {
        this.server = server;
        this.client = client;
        this.groupId = groupId;
        this.selfId = selfId;
        this.requestTimeoutMillis = requestTimeoutMillis;
    }

    /** The settings a replica runs with. Immutable. */
    public record Settings(String group, List<ControllerPeer> peers, String selfId, Path storePath,
                           long electionTimeoutMillis, long requestTimeoutMillis, long snapshotThreshold) {
    }

    /** Starts a replica: it recovers its state from its directory, then joins the group's elections. */
    public static ControllerReplica start(Settings settings) throws IOException {
        RaftGroupId groupId = RaftGroupId.valueOf(UUID.nameUUIDFromBytes(settings.group().getBytes(StandardCharsets.UTF_8)));
        List<RaftPeer> peers = new ArrayList<>();
        ControllerPeer self = null;
        for (ControllerPeer peer : settings.peers()) {
            peers.add(RaftPeer.newBuilder().setId(peer.id()).setAddress(peer.address()).build());
            if (peer.id().equals(settings.selfId())) {
                self = peer;
            }
        }
        if (self == null) {
            throw new IllegalArgumentException(settings.selfId() + " is not among the peers " + settings.peers());
        }
        RaftGroup group = RaftGroup.valueOf(groupId, peers);
        RaftProperties properties = properties(settings, self);
        RaftPeerId selfId = RaftPeerId.valueOf(settings.selfId());
        RaftServer server = RaftServer.newBuilder()
            .setServerId(selfId)
            .setGroup(group)
            .setProperties(properties)
            .setStateMachine(new ControllerStateMachine())
            .setOption(RaftStorage.StartupOption.RECOVER)
            .build();
        RaftClient client = null;
        try {
            server.start();
            client = RaftClient.newBuilder()
                .setProperties(properties)
                .setRaftGroup(group)
                .setLeaderId(selfId)
                // a write that finds no quorum fails within about the request timeout instead of retrying forever
                .setRetryPolicy(RetryPolicies.retryUpToMaximumCountWithFixedSleep(3,
                    TimeDuration.valueOf(settings.requestTimeoutMillis() / 4, TimeUnit.MILLISECONDS)))
                .build();
            return new ControllerReplica(server, client, groupId, selfId, settings.requestTimeoutMillis());
        } catch (IOException | RuntimeException e) {
            closeQuietly(client, server);
            throw e;
        }
    }

    private static RaftProperties properties(Settings settings, ControllerPeer self) {
        RaftProperties properties = new RaftProperties();
        RaftConfigKeys.Rpc.setType(properties, SupportedRpcType.NETTY);
        NettyConfigKeys.Server.setHost(properties, self.host());
        NettyConfigKeys.Server.setPort(properties, self.port());
        RaftServerConfigKeys.setStorageDir(properties, List.of(settings.storePath().toFile()));
        TimeDuration min = TimeDuration.valueOf(settings.electionTimeoutMillis(), TimeUnit.MILLISECONDS);
        RaftServerConfigKeys.Rpc.setTimeoutMin(properties, min);
        RaftServerConfigKeys.Rpc.setTimeoutMax(properties, min.multiply(2));
        RaftServerConfigKeys.Snapshot.setAutoTriggerEnabled(properties, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerThreshold(properties, settings.snapshotThreshold());
        RaftClientConfigKeys.Rpc.setRequestTimeout(properties,
            TimeDuration.valueOf(settings.requestTimeoutMillis() / 4, TimeUnit.MILLISECONDS));
        return properties;
    }

    /** This replica's id. */
    public String id() {
        return selfId.toString();
    }

    /** True when this replica leads and has applied everything committed before its term. */
    public boolean isLeader() {
        DivisionInfo info = info();
        return info != null && info.isLeader() && info.isLeaderReady();
    }

    /** The id of the replica this one believes leads, or null when it knows of none. */
    public String leaderId() {
        DivisionInfo info = info();
        RaftPeerId leader = info == null ? null : info.getLeaderId();
        return leader == null ? null : leader.toString();
    }

    /** The state machine's copy of {@code brokerName}'s group as applied on this replica, or null. */
    public GroupView localGroup(String brokerName) {
        return stateMachine().localGroup(brokerName);
    }

    /** The names of every group as applied on this replica. */
    public List<String> localGroupNames() {
        return stateMachine().localGroupNames();
    }

    /**
     * Submits {@code command}: a write through the Raft log, a read to the leader's state. Completes with the reply,
     * or exceptionally when no quorum answered within the request timeout.
     */
    public CompletableFuture<ControllerReply> submit(ControllerCommand command) {
        Message message = Message.valueOf(ByteString.copyFrom(CommandCodec.encode(command)));
        CompletableFuture<RaftClientReply> sent = command.readOnly()
            ? client.async().sendReadOnly(message)
            : client.async().send(message);
        return sent.orTimeout(requestTimeoutMillis, TimeUnit.MILLISECONDS).thenApply(reply -> {
            if (!reply.isSuccess()) {
                throw new IllegalStateException("the controller group refused the request: " + reply.getException());
            }
            return CommandCodec.decodeReply(reply.getMessage().getContent().toByteArray());
        });
    }

    private ControllerStateMachine stateMachine() {
        try {
            return (ControllerStateMachine) server.getDivision(groupId).getStateMachine();
        } catch (IOException e) {
            throw new IllegalStateException("replica " + selfId + " has no division for its group", e);
        }
    }

    private DivisionInfo info() {
        try {
            return server.getDivision(groupId).getInfo();
        } catch (IOException e) {
            return null;
        }
    }

    /** Stops the client and the server; the storage directory stays for a restart. */
    @Override
    public void close() throws IOException {
        try {
            client.close();
        } finally {
            server.close();
        }
    }

    private static void closeQuietly(RaftClient client, RaftServer server) {
        try {
            if (client != null) {
                client.close();
            }
            server.close();
        } catch (IOException | RuntimeException suppressed) {
            // the start failure is what the caller needs to see
        }
    }
}
