package io.apogee.controller.state;

import java.util.Collections;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One broker group (one brokerName) as the replicated state holds it: replicas, master, master epoch and sync-state
 * set. Changes only through {@link ControllerState}, which checks the rules first. Not thread-safe: the Raft apply
 * thread owns it.
 */
final class BrokerGroup {
    private final String clusterName;
    private final String brokerName;
    private final TreeMap<Long, String> replicas = new TreeMap<>();
    private final TreeSet<Long> syncStateSet = new TreeSet<>();
    private long masterBrokerId = GroupView.NO_MASTER;
    private int masterEpoch;
    private int syncStateSetEpoch;

    BrokerGroup(String clusterName, String brokerName) {
        this.clusterName = clusterName;
        this.brokerName = brokerName;
    }

    /** The group a snapshot holds. */
    static BrokerGroup of(GroupView view) {
        BrokerGroup group = new BrokerGroup(view.clusterName(), view.brokerName());
        group.replicas.putAll(view.replicas());
        group.syncStateSet.addAll(view.syncStateSet());
        group.masterBrokerId = view.masterBrokerId();
        group.masterEpoch = view.masterEpoch();
        group.syncStateSetEpoch = view.syncStateSetEpoch();
        return group;
    }

    String address(long brokerId) {
        return replicas.get(brokerId);
    }

    boolean hasReplica(long brokerId) {
        return replicas.containsKey(brokerId);
    }

    void putReplica(long brokerId, String address) {
        replicas.put(brokerId, address);
    }

    long nextBrokerId() {
        return replicas.isEmpty() ? ControllerState.FIRST_BROKER_ID : replicas.lastKey() + 1;
    }

    long masterBrokerId() {
        return masterBrokerId;
    }

    int masterEpoch() {
        return masterEpoch;
    }

    int syncStateSetEpoch() {
        return syncStateSetEpoch;
    }

    Set<Long> syncStateSet() {
        return Collections.unmodifiableSet(syncStateSet);
    }

    /** True until the group has had its first master. */
    boolean neverElected() {
        return masterEpoch == 0 && masterBrokerId == GroupView.NO_MASTER;
    }

    /** {@code brokerId} becomes master in a new epoch, alone in a new sync-state set. */
    void electMaster(long brokerId) {
        masterBrokerId = brokerId;
        masterEpoch++;
        syncStateSet.clear();
        syncStateSet.add(brokerId);
        syncStateSetEpoch++;
    }

    /** The master is gone and none could replace it; the sync-state set stays for the next election. */
    void loseMaster() {
        masterBrokerId = GroupView.NO_MASTER;
    }

    void replaceSyncStateSet(Set<Long> members) {
        syncStateSet.clear();
        syncStateSet.addAll(members);
        syncStateSetEpoch++;
    }

    GroupView view() {
        return new GroupView(clusterName, brokerName, Collections.unmodifiableSortedMap(new TreeMap<>(replicas)),
            masterBrokerId, replicas.get(masterBrokerId), masterEpoch,
            Collections.unmodifiableSortedSet(new TreeSet<>(syncStateSet)), syncStateSetEpoch);
    }
}
