package io.apogee.controller.server;

import io.apogee.controller.state.ControllerReply;
import io.apogee.controller.state.GroupView;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.auth.Credentials;
import io.apogee.transport.auth.RequestSigner;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells a group's live brokers that it has a new master, as RocketMQ's controller does after each election
 * ({@code ControllerManager#notifyBrokerRoleChanged}): NOTIFY_BROKER_ROLE_CHANGED (1008), oneway, with the master's
 * address, id and epoch and the sync-state set's epoch in the header, and the sync-state set as the body. Brokers that
 * missed it learn of the change on their next read of the group. Signed as {@code innerClientAuthenticationCredentials}
 * when they are given, so that brokers with authentication on take the notice too. Owns its remoting client.
 *
 * <p>Thread-safe: its own thread connects and writes the notices, so that the thread that applied the election never
 * waits on a broker that is gone.
 */
final class RoleChangeNotifier implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RoleChangeNotifier.class);
    /** RocketMQ's bound on a oneway notice. */
    private static final long SEND_TIMEOUT_MILLIS = 3_000;

    private final BrokerLiveness liveness;
    private final boolean enabled;
    private final RemotingClient client;
    private final ExecutorService sender;
    /** Null when the notices go unsigned. */
    private final RequestSigner signer;

    /**
     * Notices to the brokers {@code liveness} hears from, signed as {@code signAs} unless it is null, or none at all
     * unless {@code enabled}.
     */
    RoleChangeNotifier(BrokerLiveness liveness, boolean enabled, String selfId, Credentials signAs) {
        this.liveness = liveness;
        this.enabled = enabled;
        this.signer = signAs == null ? null : new RequestSigner(signAs);
        this.client = enabled ? new RemotingClient(TransportConfig.builder().ioThreads(1)
            .threadNamePrefix("controller-notify-io-" + selfId).build(), RequestDispatcher.IGNORE) : null;
        this.sender = enabled ? Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "controller-notify-" + selfId);
            thread.setDaemon(true);
            return thread;
        }) : null;
    }

    /** Sends the notice when {@code reply} is an election that gave the group a master. */
    void onElection(ControllerReply reply) {
        if (enabled && reply != null && reply.isSuccess() && reply.group() != null && reply.group().hasMaster()) {
            GroupView group = reply.group();
            try {
                sender.execute(() -> notifyGroup(group));
            } catch (RejectedExecutionException e) {
                LOG.debug("closing: no notice of the new master of {}", group.brokerName());
            }
        }
    }

    private void notifyGroup(GroupView group) {
        for (Map.Entry<Long, String> replica : group.replicas().entrySet()) {
            if (!liveness.isAlive(group.brokerName(), replica.getKey())) {
                continue;
            }
            RemotingHeader header = new RemotingHeader().asRequest(RequestCode.NOTIFY_BROKER_ROLE_CHANGED, 0);
            header.ext().add("masterAddress", group.masterAddress()).add("masterEpoch", group.masterEpoch())
                .add("syncStateSetEpoch", group.syncStateSetEpoch()).add("masterBrokerId", group.masterBrokerId());
            ByteBuf body = Unpooled.wrappedBuffer(ControllerBodies.syncStateSet(group));
            if (signer != null) {
                signer.sign(header, body);
            }
            try {
                boolean sent = client.invokeOneway(replica.getValue(), header, body, SEND_TIMEOUT_MILLIS);
                LOG.info(sent ? "told broker {} of {} that broker {} masters epoch {}"
                    : "could not tell broker {} of {} that broker {} masters epoch {}", replica.getKey(),
                    group.brokerName(), group.masterBrokerId(), group.masterEpoch());
            } catch (RuntimeException e) {
                LOG.warn("could not tell broker {} at {} of its new master: {}", replica.getKey(), replica.getValue(),
                    e.toString());
            }
        }
    }

    @Override
    public void close() {
        if (client != null) {
            sender.shutdownNow();
            client.close();
        }
    }
}
