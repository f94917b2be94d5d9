package io.apogee.broker.server;

import io.apogee.broker.request.Processor;
import io.apogee.store.MessageStore;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What a broker in controller mode adds to a {@link BrokerContext}'s start: a cut of the log before the store opens
 * (a slave's divergent tail), a step once the store is open and before any port is (a new master writes its epoch at
 * the log's end; a slave checks its log against its master's), the processor of GET_BROKER_EPOCH_CACHE, and that of
 * the controller's NOTIFY_BROKER_ROLE_CHANGED. Immutable.
 *
 * @param cutLogAt     where to cut the commit log, or {@link #NO_CUT}
 * @param beforeListen runs on the starting thread once the store is open; a throw stops the start
 * @param epochCache   the processor of GET_BROKER_EPOCH_CACHE over the store, or null
 * @param roleNotice   the processor of NOTIFY_BROKER_ROLE_CHANGED, or null: a classic broker answers it and does nothing,
 *                     as RocketMQ's does without a ReplicasManager
 */
record RoleStart(long cutLogAt, Consumer<BrokerContext> beforeListen, Function<MessageStore, Processor> epochCache,
                 Processor roleNotice) {
    /** No cut. */
    static final long NO_CUT = -1;
    /** A classic broker's start: nothing added. */
    static final RoleStart CLASSIC = new RoleStart(NO_CUT, context -> { }, null, null);
}
