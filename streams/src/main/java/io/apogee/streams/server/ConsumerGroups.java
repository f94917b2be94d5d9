package io.apogee.streams.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The single-active-consumer groups of a server: the subscriptions that share a name on one stream, in the order they
 * joined. The first one is active and the others wait; when the active one leaves, the next one becomes active.
 * Groups span connections.
 *
 * <p>Thread-safe: connections on any event loop join and leave under this object's monitor. What a member does once
 * it becomes active runs on its own connection's event loop, see {@link Subscription#promote()}.
 */
final class ConsumerGroups {
    private record Key(String stream, String name) {
    }

    private final Map<Key, List<Subscription>> groups = new HashMap<>();

    /** Adds {@code member} to the group {@code name} of {@code stream}; true when it is the active one. */
    synchronized boolean join(String stream, String name, Subscription member) {
        List<Subscription> members = groups.computeIfAbsent(new Key(stream, name), key -> new ArrayList<>());
        members.add(member);
        return members.size() == 1;
    }

    /** Removes {@code member}; returns the member that becomes active in its place, or null. */
    synchronized Subscription leave(String stream, String name, Subscription member) {
        Key key = new Key(stream, name);
        List<Subscription> members = groups.get(key);
        if (members == null || members.isEmpty()) {
            return null;
        }
        boolean wasActive = members.getFirst() == member;
        members.remove(member);
        if (members.isEmpty()) {
            groups.remove(key);
            return null;
        }
        return wasActive ? members.getFirst() : null;
    }
}
