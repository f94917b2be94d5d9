package io.apogee.streams.server;

/**
 * Who may do what to which stream: asked once for each command that names a stream or a consumer reference, never for
 * a publish frame or a delivered chunk. A publisher or a subscription is decided when it is declared, and again only
 * when the permissions change ({@link #onChange}); what it does in between costs nothing. The broker answers from its
 * ACL 2.0 policies when its authorization is on.
 *
 * <p>Implementations are safe for any thread and answer without waiting on the disk or the network: they are asked on
 * the connection's event loop.
 */
@FunctionalInterface
public interface StreamPermissions {
    /** Every user may do everything: the protocol's behaviour without authorization. */
    StreamPermissions ALL = (user, sourceIp, target, name, operation) -> null;

    /** What a command names. */
    enum Target {
        /** A stream, or a super stream by its name. */
        STREAM,
        /** A consumer reference: the name a consumer stores its offsets under, and its single active consumer group. */
        CONSUMER
    }

    /** What a command does to what it names. */
    enum Operation {
        /** Create a stream, a super stream or a partition of one. */
        CREATE,
        /** Delete a stream, a super stream or a partition of one. */
        DELETE,
        /** Declare a publisher: its publish frames need nothing more. */
        PUBLISH,
        /** Subscribe to a stream, under a consumer reference or none. */
        SUBSCRIBE,
        /** Ask the last publishing id a named publisher wrote. */
        QUERY_PUBLISHER_SEQUENCE,
        /** Ask where a stream lives or which partitions a super stream routes to: metadata, route, partitions. */
        DESCRIBE,
        /** Ask a stream's statistics. */
        STREAM_STATS,
        /** Store a consumer's offset. */
        STORE_OFFSET,
        /** Ask a consumer's stored offset. */
        QUERY_OFFSET
    }

    /**
     * Null when {@code user}, connected from {@code sourceIp}, may do {@code operation} to {@code name}; otherwise why
     * not, for the broker's log.
     */
    String refusal(String user, String sourceIp, Target target, String name, Operation operation);

    /**
     * Calls {@code listener}, on any thread, whenever what a user may do may have changed, so that the publishers and
     * subscriptions decided before are decided again. Permissions that never change call nothing.
     */
    default void onChange(Runnable listener) {
    }
}
