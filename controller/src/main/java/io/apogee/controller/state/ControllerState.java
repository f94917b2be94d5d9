package io.apogee.controller.state;

import io.apogee.controller.state.ControllerCommand.AlterSyncStateSet;
import io.apogee.controller.state.ControllerCommand.ApplyBrokerId;
import io.apogee.controller.state.ControllerCommand.ElectMaster;
import io.apogee.controller.state.ControllerCommand.NextBrokerId;
import io.apogee.controller.state.ControllerCommand.ReadGroup;
import io.apogee.controller.state.ControllerCommand.RegisterBroker;
import io.apogee.wire.code.ResponseCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every broker group the controller knows, and the rules of RocketMQ's controller for changing them. Ids are
 * applied for. A master is elected from the sync-state set, or from any live replica when unclean election is
 * allowed, and each election bumps the master epoch. Only the current master of the current epochs may alter the
 * sync-state set. Applying a command is deterministic: the same commands in the same order give every replica
 * the same state. Not thread-safe: the Raft apply thread is the only writer, and readers synchronize on it.
 */
public final class ControllerState {
    /** The first broker id a group hands out (RocketMQ's FIRST_BROKER_CONTROLLER_ID). */
    public static final long FIRST_BROKER_ID = 1;

    private final Map<String, BrokerGroup> groups = new TreeMap<>();

    /** A snapshot's content: every group. */
    public record Image(List<GroupView> groups) {
    }

    /** Applies {@code command} and answers it. */
    public ControllerReply apply(ControllerCommand command) {
        return switch (command) {
            case ApplyBrokerId c -> applyBrokerId(c);
            case RegisterBroker c -> register(c);
            case ElectMaster c -> elect(c);
            case AlterSyncStateSet c -> alter(c);
            case ReadGroup c -> read(c.brokerName());
            case NextBrokerId c -> nextBrokerId(c);
        };
    }

    /** A copy of {@code brokerName}'s group, or null. */
    public GroupView group(String brokerName) {
        BrokerGroup group = groups.get(brokerName);
        return group == null ? null : group.view();
    }

    /** A copy of every group, for a snapshot. */
    public Image image() {
        List<GroupView> views = new ArrayList<>();
        for (BrokerGroup group : groups.values()) {
            views.add(group.view());
        }
        return new Image(views);
    }

    /** Replaces everything with what {@code image} holds. */
    public void restore(Image image) {
        groups.clear();
        for (GroupView view : image.groups()) {
            groups.put(view.brokerName(), BrokerGroup.of(view));
        }
    }

    private ControllerReply applyBrokerId(ApplyBrokerId c) {
        if (c.brokerId() < FIRST_BROKER_ID) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_BROKER_ID_INVALID,
                "broker id " + c.brokerId() + " is below the first id " + FIRST_BROKER_ID, group(c.brokerName()));
        }
        BrokerGroup group = groups.computeIfAbsent(c.brokerName(), name -> new BrokerGroup(c.clusterName(), name));
        String holder = group.address(c.brokerId());
        if (holder != null && !holder.equals(c.brokerAddress())) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_BROKER_ID_INVALID,
                "broker id " + c.brokerId() + " of " + c.brokerName() + " is held by " + holder, group.view());
        }
        group.putReplica(c.brokerId(), c.brokerAddress());
        return ControllerReply.ok(group.view());
    }

    private ControllerReply register(RegisterBroker c) {
        BrokerGroup group = groups.get(c.brokerName());
        if (group == null || !group.hasReplica(c.brokerId())) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_BROKER_METADATA_NOT_EXIST,
                "broker " + c.brokerId() + " of " + c.brokerName() + " has applied for no id (CONTROLLER_APPLY_BROKER_ID)",
                group == null ? null : group.view());
        }
        group.putReplica(c.brokerId(), c.brokerAddress());
        return ControllerReply.ok(group.view());
    }

    private ControllerReply elect(ElectMaster c) {
        BrokerGroup group = groups.get(c.brokerName());
        if (group == null) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_BROKER_NEED_TO_BE_REGISTERED,
                "broker group " + c.brokerName() + " is not registered", null);
        }
        long chosen = choose(group, c);
        if (chosen != GroupView.NO_MASTER && chosen == group.masterBrokerId()) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_MASTER_STILL_EXIST,
                "master " + chosen + " of " + c.brokerName() + " is alive, no election needed", group.view());
        }
        if (chosen != GroupView.NO_MASTER) {
            group.electMaster(chosen);
            return ControllerReply.ok(group.view());
        }
        if (c.brokerId() == GroupView.NO_MASTER) {
            // the controller asked because the master went silent: record that there is none now
            group.loseMaster();
            return ControllerReply.refused(ResponseCode.CONTROLLER_MASTER_NOT_AVAILABLE,
                "the master of " + c.brokerName() + " is gone and no replica in the sync-state set " + group.syncStateSet()
                    + " is alive", group.view());
        }
        return ControllerReply.refused(ResponseCode.CONTROLLER_ELECT_MASTER_FAILED,
            "no live replica of " + c.brokerName() + " may become master (sync-state set " + group.syncStateSet()
                + ", alive " + c.alive() + ")", group.view());
    }

    /** The broker to be master: the current one while it lives, else the first live candidate; NO_MASTER if none. */
    private static long choose(BrokerGroup group, ElectMaster c) {
        if (group.neverElected() && group.hasReplica(c.brokerId()) && c.alive().contains(c.brokerId())) {
            // the first master of a group is the first broker that asks
            return c.brokerId();
        }
        List<Long> candidates = new ArrayList<>();
        for (long id : c.alive()) {
            if (group.hasReplica(id) && (c.unclean() || group.syncStateSet().contains(id))) {
                candidates.add(id);
            }
        }
        if (c.designate()) {
            return candidates.contains(c.brokerId()) ? c.brokerId() : GroupView.NO_MASTER;
        }
        if (candidates.contains(group.masterBrokerId())) {
            return group.masterBrokerId();
        }
        return candidates.isEmpty() ? GroupView.NO_MASTER : candidates.getFirst();
    }

    private ControllerReply alter(AlterSyncStateSet c) {
        BrokerGroup group = groups.get(c.brokerName());
        if (group == null) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_ALTER_SYNC_STATE_SET_FAILED,
                "broker group " + c.brokerName() + " is not registered", null);
        }
        ControllerReply fenced = fence(group, c);
        if (fenced != null) {
            return fenced;
        }
        Set<Long> wanted = c.syncStateSet();
        for (long id : wanted) {
            if (!group.hasReplica(id)) {
                return ControllerReply.refused(ResponseCode.CONTROLLER_INVALID_REPLICAS,
                    "broker " + id + " is not a replica of " + c.brokerName(), group.view());
            }
            if (!c.alive().contains(id)) {
                return ControllerReply.refused(ResponseCode.CONTROLLER_BROKER_NOT_ALIVE,
                    "broker " + id + " of " + c.brokerName() + " is not alive", group.view());
            }
        }
        if (!wanted.contains(group.masterBrokerId())) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_ALTER_SYNC_STATE_SET_FAILED,
                "the sync-state set must hold the master " + group.masterBrokerId(), group.view());
        }
        if (wanted.equals(group.syncStateSet())) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_ALTER_SYNC_STATE_SET_FAILED,
                "the sync-state set is already " + wanted, group.view());
        }
        group.replaceSyncStateSet(wanted);
        return ControllerReply.ok(group.view());
    }

    /** The refusal of an alter from anyone but the current master of the current epochs, or null. */
    private static ControllerReply fence(BrokerGroup group, AlterSyncStateSet c) {
        if (group.masterBrokerId() != c.masterBrokerId()) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_INVALID_MASTER,
                "the master of " + c.brokerName() + " is " + group.masterBrokerId() + ", not " + c.masterBrokerId(),
                group.view());
        }
        if (group.masterEpoch() != c.masterEpoch()) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_FENCED_MASTER_EPOCH,
                "the master epoch of " + c.brokerName() + " is " + group.masterEpoch() + ", not " + c.masterEpoch(),
                group.view());
        }
        if (group.syncStateSetEpoch() != c.syncStateSetEpoch()) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH,
                "the sync-state set epoch of " + c.brokerName() + " is " + group.syncStateSetEpoch() + ", not "
                    + c.syncStateSetEpoch(), group.view());
        }
        return null;
    }

    private ControllerReply read(String brokerName) {
        BrokerGroup group = groups.get(brokerName);
        if (group == null) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_BROKER_METADATA_NOT_EXIST,
                "broker group " + brokerName + " is not registered", null);
        }
        return ControllerReply.ok(group.view());
    }

    private ControllerReply nextBrokerId(NextBrokerId c) {
        BrokerGroup group = groups.get(c.brokerName());
        long next = group == null ? FIRST_BROKER_ID : group.nextBrokerId();
        return new ControllerReply(ResponseCode.SUCCESS, null, group == null ? null : group.view(), next);
    }
}
