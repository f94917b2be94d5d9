package io.apogee.broker.auth.authorization;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Remembers the decisions of the authorizer by user, source address, resource and action set, so that the check of a
 * request already seen is three map look-ups and allocates nothing. Each resource keeps one int with two bits per
 * {@link Actions} slot (known, allowed).
 *
 * <p>{@link #clear()} drops every decision at once by starting a new generation. A decision is put into the
 * generation its caller {@linkplain #current() read before} it looked at the ACLs: one made from an ACL that changed
 * meanwhile lands in a dropped generation and is never seen. The cache holds at most {@code maxResources} resources;
 * past that it starts a new generation.
 *
 * <p>Thread-safe and lock-free.
 */
final class DecisionCache {
    /** No decision is cached. */
    static final int UNKNOWN = 0;
    /** The request is allowed. */
    static final int ALLOWED = 1;
    /** The request is denied. */
    static final int DENIED = 2;

    private static final int BITS_PER_SLOT = 2;
    private static final int KNOWN = 1;
    private static final int ALLOW = 2;

    private final int maxResources;
    private volatile Generation current = new Generation();

    /** A cache of at most {@code maxResources} resources. */
    DecisionCache(int maxResources) {
        this.maxResources = maxResources;
    }

    /** The generation to look up in, and to put into once decided. */
    Generation current() {
        return current;
    }

    /** Drops every decision. */
    void clear() {
        current = new Generation();
    }

    /** The decisions of one period between two ACL changes. */
    final class Generation {
        private final ConcurrentHashMap<String, ConcurrentHashMap<String, Names>> users = new ConcurrentHashMap<>();
        private final AtomicInteger resources = new AtomicInteger();

        /** {@link #ALLOWED}, {@link #DENIED} or {@link #UNKNOWN} (also for an action set without a slot). */
        int get(String user, String sourceIp, ResourceType type, String name, Actions actions) {
            if (actions.slot() < 0) {
                return UNKNOWN;
            }
            ConcurrentHashMap<String, Names> sources = users.get(user);
            Names names = sources == null ? null : sources.get(sourceIp);
            AtomicInteger bits = names == null ? null : names.of(type).get(name);
            if (bits == null) {
                return UNKNOWN;
            }
            int slot = bits.get() >>> (actions.slot() * BITS_PER_SLOT);
            if ((slot & KNOWN) == 0) {
                return UNKNOWN;
            }
            return (slot & ALLOW) != 0 ? ALLOWED : DENIED;
        }

        /** Remembers a decision. */
        void put(String user, String sourceIp, ResourceType type, String name, Actions actions, boolean allowed) {
            if (actions.slot() < 0) {
                return;
            }
            Names names = users.computeIfAbsent(user, key -> new ConcurrentHashMap<>())
                .computeIfAbsent(sourceIp, key -> new Names());
            AtomicInteger bits = names.of(type).get(name);
            if (bits == null) {
                if (resources.incrementAndGet() > maxResources) {
                    if (current == this) {
                        clear();
                    }
                    return;
                }
                bits = names.of(type).computeIfAbsent(name, key -> new AtomicInteger());
            }
            int slotBits = (KNOWN | (allowed ? ALLOW : 0)) << (actions.slot() * BITS_PER_SLOT);
            int clearMask = ~((KNOWN | ALLOW) << (actions.slot() * BITS_PER_SLOT));
            bits.getAndUpdate(old -> (old & clearMask) | slotBits);
        }
    }

    /** The resources of one user from one address, by kind. */
    private static final class Names {
        private final List<ConcurrentHashMap<String, AtomicInteger>> byType = new ArrayList<>();

        Names() {
            for (int i = 0; i < ResourceType.values().length; i++) {
                byType.add(new ConcurrentHashMap<>());
            }
        }

        ConcurrentHashMap<String, AtomicInteger> of(ResourceType type) {
            return byType.get(type.ordinal());
        }
    }
}
