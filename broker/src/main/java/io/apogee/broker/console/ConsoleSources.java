package io.apogee.broker.console;

import io.apogee.broker.admin.RuntimeStats;
import io.apogee.broker.auth.authorization.Authorizer;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.User;
import io.apogee.broker.offset.ConsumerOffsets;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import java.util.function.Function;

/**
 * What the console reads: the broker's identity and the services the admin codes answer from. Nothing here is a copy.
 *
 * <p>Immutable; the services it names are thread-safe, except where a reader says it owns one (a lookup).
 *
 * @param identity      the broker's name, cluster, address, role and version
 * @param store         the message store
 * @param topics        the topic table
 * @param groups        the subscription group table
 * @param offsets       the committed consumer offsets
 * @param commits       the same offsets as consumers commit them and operators reset them
 * @param clients       the connected producers and consumers
 * @param stats         the per-second and per-minute counts of the runtime statistics
 * @param users         the ACL 2.0 users by name (null when there is none), for the reset action's login
 * @param authorizer    the ACL check, when authorization is on
 * @param authenticated whether authenticationEnabled is on: then the reset action needs a login
 * @param clock         the broker's clock
 */
public record ConsoleSources(BrokerIdentity identity, MessageStore store, TopicRegistry topics,
    SubscriptionGroupTable groups, ConsumerOffsetTable offsets, ConsumerOffsets commits, ClientDirectory clients,
    RuntimeStats stats, Function<String, User> users, Authorizer authorizer, boolean authenticated, Clock clock) {

    /**
     * Who the broker is, as the overview shows it.
     *
     * @param cluster the cluster name
     * @param name    the broker name
     * @param address the broker's "host:port"
     * @param role    ASYNC_MASTER, SYNC_MASTER or SLAVE
     * @param version the RocketMQ version it answers as
     */
    public record BrokerIdentity(String cluster, String name, String address, String role, String version) {
    }
}
