package io.apogee.streams.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The single-active-consumer groups of a server: the subscriptions that share a name on one stream, in the order they
 * joined. Groups span connections.
 *
 * <p>In a plain group the first member is active and the others wait; when the active one leaves, the next one becomes
 * active. In a group on a partition of a super stream (the subscriptions named the super stream) the active member is
 * the one at the partition's index modulo the group's size, as RabbitMQ picks it, so that the consumers of a super
 * stream share its partitions. When a join or a leave moves the activity to another member, the active one is first
 * {@link Subscription#demote() demoted}: it stops delivering and is sent a consumer update (inactive). Once it
 * answered, or the {@link #stepDownBound() bound} passed without an answer, its connection reports
 * {@link #steppedDown} and the member that should be active then is promoted.
 *
 * <p>Thread-safe: connections on any event loop join and leave under this object's monitor. What a member does once
 * it is promoted or demoted runs on its own connection's event loop, see {@link Subscription#promote()}.
 */
final class ConsumerGroups {
    /**
     * How long a demoted member may take to answer its inactive consumer update before the next member is promoted
     * anyway: a client that never answers cannot stall its group longer than this.
     */
    static final Duration DEFAULT_STEP_DOWN_BOUND = Duration.ofSeconds(10);
    /** The partition index of a plain group, whose first member is active. */
    static final int NOT_A_PARTITION = -1;

    private record Key(String stream, String name) {
    }

    /** The members of one group and where its activity stands. */
    private static final class Group {
        final int partitionIndex;
        final List<Subscription> members = new ArrayList<>();
        /** The member promoted last, or null when none is. */
        Subscription active;
        /** Whether {@link #active} was demoted and its answer is awaited. */
        boolean steppingDown;

        Group(int partitionIndex) {
            this.partitionIndex = partitionIndex;
        }

        Subscription wanted() {
            int index = partitionIndex == NOT_A_PARTITION ? 0 : partitionIndex % members.size();
            return members.get(index);
        }
    }

    private final Map<Key, Group> groups = new HashMap<>();
    private final Duration stepDownBound;

    /** Groups whose demoted members have {@link #DEFAULT_STEP_DOWN_BOUND} to answer. */
    ConsumerGroups() {
        this(DEFAULT_STEP_DOWN_BOUND);
    }

    /** Groups whose demoted members have {@code stepDownBound} to answer. */
    ConsumerGroups(Duration stepDownBound) {
        this.stepDownBound = stepDownBound;
    }

    /** How long a demoted member may take to answer before the next one is promoted anyway. */
    Duration stepDownBound() {
        return stepDownBound;
    }

    /**
     * Adds {@code member} to the group {@code name} of {@code stream}, a partition at {@code partitionIndex} of a super
     * stream or {@link #NOT_A_PARTITION}; promotes it, or demotes the active member, when it should be the active one.
     */
    synchronized void join(String stream, String name, int partitionIndex, Subscription member) {
        Group group = groups.computeIfAbsent(new Key(stream, name), key -> new Group(partitionIndex));
        group.members.add(member);
        rebalance(group);
    }

    /** Removes {@code member}; the member that should be active in its place is promoted or the active one demoted. */
    synchronized void leave(String stream, String name, Subscription member) {
        Key key = new Key(stream, name);
        Group group = groups.get(key);
        if (group == null || !group.members.remove(member)) {
            return;
        }
        if (group.active == member) {
            group.active = null;
            group.steppingDown = false;
        }
        if (group.members.isEmpty()) {
            groups.remove(key);
            return;
        }
        rebalance(group);
    }

    /** The demoted {@code member} answered its inactive update, or took too long to: the wanted member is promoted. */
    synchronized void steppedDown(String stream, String name, Subscription member) {
        Group group = groups.get(new Key(stream, name));
        if (group == null || group.active != member || !group.steppingDown) {
            return;
        }
        group.active = null;
        group.steppingDown = false;
        rebalance(group);
    }

    private static void rebalance(Group group) {
        Subscription wanted = group.wanted();
        if (group.active == null) {
            group.active = wanted;
            wanted.promote();
        } else if (group.active != wanted && !group.steppingDown) {
            group.steppingDown = true; // the other is promoted once this one answered, see steppedDown
            group.active.demote();
        }
    }
}
