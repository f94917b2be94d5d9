package io.apogee.controller.server;

import io.apogee.controller.raft.ControllerReplica;
import io.apogee.controller.state.ControllerCommand;
import io.apogee.controller.state.ControllerReply;
import io.apogee.controller.state.GroupView;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The leader's look for masters gone silent (RocketMQ's scanNotActiveBrokerInterval). For every group whose master
 * has sent no heartbeat within its timeout, it submits an election through the Raft log. The election picks a live
 * member of the sync-state set and bumps the master epoch. A replica that does not lead forgets all liveness, so that when
 * it leads it first grants every master a full timeout. Thread-safe; at most one election per group is in flight.
 */
final class InactiveMasterScan {
    private static final Logger LOG = LoggerFactory.getLogger(InactiveMasterScan.class);

    private final ControllerReplica replica;
    private final BrokerLiveness liveness;
    private final boolean electUncleanMaster;
    private final Consumer<ControllerReply> onElection;
    private final Set<String> electing = ConcurrentHashMap.newKeySet();

    /** A scan that passes the reply of every election it started to {@code onElection}. */
    InactiveMasterScan(ControllerReplica replica, BrokerLiveness liveness, boolean electUncleanMaster,
                       Consumer<ControllerReply> onElection) {
        this.replica = replica;
        this.liveness = liveness;
        this.electUncleanMaster = electUncleanMaster;
        this.onElection = onElection;
    }

    /** One pass; completes with the replies of the elections it started (none when this replica does not lead). */
    CompletableFuture<List<ControllerReply>> scan() {
        if (!replica.isLeader()) {
            liveness.clear();
            return CompletableFuture.completedFuture(List.of());
        }
        List<CompletableFuture<ControllerReply>> elections = new ArrayList<>();
        for (String brokerName : replica.localGroupNames()) {
            GroupView group = replica.localGroup(brokerName);
            if (group == null || !group.hasMaster()) {
                continue;
            }
            liveness.graceIfUnknown(brokerName, group.masterBrokerId());
            if (!liveness.isAlive(brokerName, group.masterBrokerId()) && electing.add(brokerName)) {
                LOG.info("master {} of {} is silent past its timeout; electing a new one", group.masterBrokerId(),
                    brokerName);
                elections.add(replica.submit(new ControllerCommand.ElectMaster(brokerName, GroupView.NO_MASTER, false,
                    liveness.alive(brokerName), electUncleanMaster)).whenComplete((reply, failure) -> {
                        electing.remove(brokerName);
                        if (failure != null) {
                            LOG.warn("election for {} failed: {}", brokerName, failure.toString());
                        } else {
                            onElection.accept(reply);
                        }
                    }));
            }
        }
        return CompletableFuture.allOf(elections.toArray(CompletableFuture[]::new))
            .thenApply(done -> elections.stream().map(CompletableFuture::join).toList());
    }
}
