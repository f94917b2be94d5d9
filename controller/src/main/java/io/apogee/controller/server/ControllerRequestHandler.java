package io.apogee.controller.server;

import io.apogee.controller.raft.ControllerReplica;
import io.apogee.controller.state.ControllerCommand;
import io.apogee.controller.state.ControllerReply;
import io.apogee.controller.state.GroupView;
import io.apogee.transport.InboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers RocketMQ's controller request codes: BROKER_HEARTBEAT, CONTROLLER_GET_NEXT_BROKER_ID,
 * CONTROLLER_APPLY_BROKER_ID, CONTROLLER_REGISTER_BROKER, CONTROLLER_ELECT_MASTER, CONTROLLER_ALTER_SYNC_STATE_SET and
 * CONTROLLER_GET_REPLICA_INFO and CONTROLLER_GET_SYNC_STATE_DATA (heartbeats also oneway, as RocketMQ's brokers send them). Every replica answers
 * CONTROLLER_GET_METADATA_INFO. Only the leading replica serves the rest; the others answer CONTROLLER_NOT_LEADER naming the
 * leader. Headers are checked as they enter, writes go through the Raft log, and each request is answered when its
 * command is applied. Runs on the transport's event loops and never blocks. Thread-safe.
 */
final class ControllerRequestHandler implements RequestDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerRequestHandler.class);

    private final ControllerReplica replica;
    private final BrokerLiveness liveness;
    /** The codes served. */
    static final int[] CODES = {RequestCode.BROKER_HEARTBEAT, RequestCode.CONTROLLER_GET_METADATA_INFO,
        RequestCode.CONTROLLER_GET_NEXT_BROKER_ID, RequestCode.CONTROLLER_APPLY_BROKER_ID,
        RequestCode.CONTROLLER_REGISTER_BROKER, RequestCode.CONTROLLER_ELECT_MASTER,
        RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET, RequestCode.CONTROLLER_GET_REPLICA_INFO,
        RequestCode.CONTROLLER_GET_SYNC_STATE_DATA};

    private final ControllerConfig config;
    private final Consumer<ControllerReply> onElection;
    private volatile String advertisedAddress;

    /** A handler that passes the reply of every election a broker asked for to {@code onElection}. */
    ControllerRequestHandler(ControllerReplica replica, BrokerLiveness liveness, ControllerConfig config,
                             Consumer<ControllerReply> onElection) {
        this.replica = replica;
        this.liveness = liveness;
        this.config = config;
        this.onElection = onElection;
    }

    /** The remoting address this replica gives as the leader's, once its port is bound. */
    void advertise(String address) {
        this.advertisedAddress = address;
    }

    @Override
    public void onRequest(Peer peer, InboundFrame request) {
        RemotingHeader header = request.header().copy();
        byte[] body = ByteBufUtil.getBytes(request.body());
        request.body().release();
        if (header.isOneway()) {
            // RocketMQ's brokers send their heartbeats oneway; nothing else is served without an answer
            if (header.code() == RequestCode.BROKER_HEARTBEAT && replica.isLeader()) {
                try {
                    heartbeat(header.ext());
                } catch (IllegalArgumentException e) {
                    LOG.warn("{}: dropped a malformed heartbeat: {}", peer.address(), e.getMessage());
                }
            }
            return;
        }
        if (!isControllerCode(header.code())) {
            answer(peer, header, ResponseCode.REQUEST_CODE_NOT_SUPPORTED,
                "the controller does not serve request code " + header.code(), null);
            return;
        }
        if (header.code() == RequestCode.CONTROLLER_GET_METADATA_INFO) {
            metadata(peer, header);
            return;
        }
        if (!replica.isLeader()) {
            String leader = replica.leaderId();
            answer(peer, header, ResponseCode.CONTROLLER_NOT_LEADER, "controller replica " + replica.id()
                + " does not lead; " + (leader == null ? "no leader is known" : "the leader is " + leader), null);
            return;
        }
        try {
            serve(peer, header, body);
        } catch (IllegalArgumentException e) {
            answer(peer, header, ResponseCode.CONTROLLER_INVALID_REQUEST, e.getMessage(), null);
        }
    }

    static boolean isControllerCode(int code) {
        for (int served : CODES) {
            if (served == code) {
                return true;
            }
        }
        return false;
    }

    private void serve(Peer peer, RemotingHeader header, byte[] body) {
        ExtFields ext = header.ext();
        switch (header.code()) {
            case RequestCode.BROKER_HEARTBEAT -> {
                heartbeat(ext);
                answer(peer, header, ResponseCode.SUCCESS, null, null);
            }
            case RequestCode.CONTROLLER_GET_NEXT_BROKER_ID -> {
                String cluster = RequestFields.text(ext, "clusterName", "");
                submit(peer, header, new ControllerCommand.NextBrokerId(RequestFields.text(ext, "brokerName")),
                    (response, reply) -> response.ext().add("clusterName", cluster)
                        .add("brokerName", header.ext().get("brokerName")).add("nextBrokerId", reply.brokerId()));
            }
            case RequestCode.CONTROLLER_APPLY_BROKER_ID -> applyBrokerId(peer, header);
            case RequestCode.CONTROLLER_REGISTER_BROKER -> register(peer, header);
            case RequestCode.CONTROLLER_ELECT_MASTER -> elect(peer, header);
            case RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET -> alter(peer, header, body);
            case RequestCode.CONTROLLER_GET_SYNC_STATE_DATA -> syncStateData(peer, header, body);
            case RequestCode.CONTROLLER_GET_REPLICA_INFO -> submit(peer, header,
                new ControllerCommand.ReadGroup(RequestFields.text(ext, "brokerName")),
                (response, reply) -> masterFields(response, reply.group()));
            default -> throw new IllegalStateException("not a controller code: " + header.code());
        }
    }

    /**
     * Which replica leads, as every replica answers it. Only the leader gives an address, its own: RocketMQ's brokers
     * ask each controller in turn and keep the first address they get.
     */
    private void metadata(Peer peer, RemotingHeader header) {
        RemotingHeader response = new RemotingHeader().asResponseTo(header, ResponseCode.SUCCESS);
        boolean leads = replica.isLeader();
        response.ext().add("group", config.group()).add("isLeader", leads).add("peers", config.peersText());
        String leader = replica.leaderId();
        if (leader != null) {
            response.ext().add("controllerLeaderId", leader);
        }
        if (leads && advertisedAddress != null) {
            response.ext().add("controllerLeaderAddress", advertisedAddress);
        }
        peer.respond(response, null);
    }

    /**
     * The groups named in the body, from the leader's applied state, with each replica's liveness (mqadmin's
     * getSyncStateSet). Unknown names are left out, as RocketMQ leaves them out.
     */
    private void syncStateData(Peer peer, RemotingHeader header, byte[] body) {
        List<GroupView> groups = new ArrayList<>();
        for (String brokerName : ControllerBodies.parseBrokerNames(body)) {
            GroupView group = replica.localGroup(brokerName);
            if (group != null) {
                groups.add(group);
            }
        }
        byte[] answer = ControllerBodies.replicasInfo(groups, liveness::isAlive);
        answer(peer, header, ResponseCode.SUCCESS, null, Unpooled.wrappedBuffer(answer));
    }

    private void heartbeat(ExtFields ext) {
        liveness.onHeartbeat(RequestFields.text(ext, "brokerName"), brokerId(ext, "brokerId"),
            RequestFields.number(ext, "heartbeatTimeoutMills", 0), RequestFields.number(ext, "maxOffset", -1));
    }

    private void applyBrokerId(Peer peer, RemotingHeader header) {
        ExtFields ext = header.ext();
        String cluster = RequestFields.text(ext, "clusterName");
        String brokerName = RequestFields.text(ext, "brokerName");
        // RocketMQ's broker sends "address;timestamp" as its check code: the address is what identifies it
        String checkCode = RequestFields.text(ext, "registerCheckCode");
        int semicolon = checkCode.indexOf(';');
        String address = semicolon < 0 ? checkCode : checkCode.substring(0, semicolon);
        submit(peer, header, new ControllerCommand.ApplyBrokerId(cluster, brokerName, brokerId(ext, "appliedBrokerId"),
            address), (response, reply) -> response.ext().add("clusterName", cluster).add("brokerName", brokerName));
    }

    private void register(Peer peer, RemotingHeader header) {
        ExtFields ext = header.ext();
        String brokerName = RequestFields.text(ext, "brokerName");
        long brokerId = brokerId(ext, "brokerId");
        String address = RequestFields.text(ext, "brokerAddress");
        String cluster = RequestFields.text(ext, "clusterName");
        liveness.onHeartbeat(brokerName, brokerId, 0, -1);
        submit(peer, header, new ControllerCommand.RegisterBroker(cluster, brokerName, brokerId, address),
            (response, reply) -> {
                response.ext().add("clusterName", cluster).add("brokerName", brokerName);
                masterFields(response, reply.group());
                response.ext().add("syncStateSetEpoch", reply.group().syncStateSetEpoch());
            });
    }

    private void elect(Peer peer, RemotingHeader header) {
        ExtFields ext = header.ext();
        String brokerName = RequestFields.text(ext, "brokerName");
        long brokerId = RequestFields.number(ext, "brokerId", GroupView.NO_MASTER);
        ControllerCommand command = new ControllerCommand.ElectMaster(brokerName, brokerId,
            RequestFields.flag(ext, "designateElect"), liveness.alive(brokerName), config.electUncleanMaster());
        submit(peer, header, command, (response, reply) -> {
            masterFields(response, reply.group());
            response.ext().add("syncStateSetEpoch", reply.group().syncStateSetEpoch());
        }).thenAccept(onElection);
    }

    private void alter(Peer peer, RemotingHeader header, byte[] body) {
        ExtFields ext = header.ext();
        String brokerName = RequestFields.text(ext, "brokerName");
        ControllerBodies.SyncStateSet proposal = ControllerBodies.parseSyncStateSet(body);
        ControllerCommand command = new ControllerCommand.AlterSyncStateSet(brokerName, brokerId(ext, "masterBrokerId"),
            RequestFields.epoch(ext, "masterEpoch"), proposal.epoch(), proposal.members(), liveness.alive(brokerName));
        submit(peer, header, command,
            (response, reply) -> response.ext().add("newSyncStateSetEpoch", reply.group().syncStateSetEpoch()));
    }

    /**
     * Submits {@code command} and answers when it is applied: on success with the header fields {@code fill} adds and
     * the body RocketMQ sends for the code; on refusal with the code and remark of the reply. Returns the reply.
     */
    private CompletableFuture<ControllerReply> submit(Peer peer, RemotingHeader request, ControllerCommand command,
                        BiConsumer<RemotingHeader, ControllerReply> fill) {
        CompletableFuture<ControllerReply> applied = replica.submit(command);
        applied.whenComplete((reply, failure) -> {
            if (failure != null) {
                answer(peer, request, ResponseCode.SYSTEM_ERROR, "no quorum of controller replicas applied the request"
                    + " within " + config.requestTimeoutMillis() + " ms (controllerRequestTimeoutMillis): "
                    + rootCause(failure), null);
                return;
            }
            RemotingHeader response = new RemotingHeader().asResponseTo(request, reply.code()).remark(reply.remark());
            boolean filled = reply.isSuccess() || (reply.code() == ResponseCode.CONTROLLER_MASTER_STILL_EXIST);
            if (filled) {
                fill.accept(response, reply);
            }
            peer.respond(response, filled ? Unpooled.wrappedBuffer(body(request.code(), reply)) : null);
        });
        return applied;
    }

    /** The innermost cause, which names what went wrong rather than where it was wrapped. */
    private static String rootCause(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.toString();
    }

    private static byte[] body(int code, ControllerReply reply) {
        if (reply.group() == null || code == RequestCode.CONTROLLER_GET_NEXT_BROKER_ID
            || code == RequestCode.CONTROLLER_APPLY_BROKER_ID) {
            return new byte[0];
        }
        return code == RequestCode.CONTROLLER_ELECT_MASTER
            ? ControllerBodies.electMaster(reply.group())
            : ControllerBodies.syncStateSet(reply.group());
    }

    /** The master's id and address (left out, as RocketMQ leaves them null, while there is none) and its epoch. */
    private static void masterFields(RemotingHeader response, GroupView group) {
        response.ext().add("masterEpoch", group.masterEpoch());
        if (group.hasMaster()) {
            response.ext().add("masterBrokerId", group.masterBrokerId()).add("masterAddress", group.masterAddress());
        }
    }

    private static long brokerId(ExtFields ext, String key) {
        long id = RequestFields.number(ext, key);
        if (id < 0) {
            throw new IllegalArgumentException(key + " must not be negative: " + id);
        }
        return id;
    }

    private static void answer(Peer peer, RemotingHeader request, int code, String remark, ByteBuf body) {
        peer.respond(new RemotingHeader().asResponseTo(request, code).remark(remark), body);
    }
}
