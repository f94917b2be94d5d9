package io.apogee.broker.server;

import io.apogee.broker.auth.authorization.Actions;
import io.apogee.broker.auth.authorization.Authorizer;
import io.apogee.broker.auth.authorization.ResourceType;
import io.apogee.streams.server.StreamPermissions;
import java.util.Objects;

/**
 * The stream protocol under the broker's ACL 2.0 policies: a stream, and a super stream by its name, is a Topic
 * resource; a consumer reference is a Group resource, as a RocketMQ consumer group stores its offsets. Each stream
 * operation needs what the RocketMQ request doing the same needs:
 *
 * <table>
 *   <caption>Stream operations and the actions they need</caption>
 *   <tr><th>Operation</th><th>Actions</th><th>As RocketMQ's</th></tr>
 *   <tr><td>create, delete (a stream, a super stream, each partition)</td><td>Create, Delete</td>
 *       <td>UPDATE_AND_CREATE_TOPIC, DELETE_TOPIC_IN_BROKER</td></tr>
 *   <tr><td>declare publisher</td><td>Pub</td><td>SEND_MESSAGE</td></tr>
 *   <tr><td>query publisher sequence</td><td>Pub or Sub</td><td>(RabbitMQ: read)</td></tr>
 *   <tr><td>subscribe</td><td>Sub</td><td>PULL_MESSAGE</td></tr>
 *   <tr><td>store offset</td><td>Sub or Update</td><td>UPDATE_CONSUMER_OFFSET</td></tr>
 *   <tr><td>query offset</td><td>Sub or Get</td><td>QUERY_CONSUMER_OFFSET</td></tr>
 *   <tr><td>metadata, route, partitions</td><td>Pub, Sub or Get</td><td>GET_ROUTEINFO_BY_TOPIC</td></tr>
 *   <tr><td>stream stats</td><td>Sub or Get</td><td>GET_TOPIC_STATS_INFO (Get; RabbitMQ: read)</td></tr>
 * </table>
 *
 * <p>Super users pass, a user that is no ACL user is refused, and decisions come from the {@link Authorizer}'s cache,
 * which every ACL or user change drops: a policy changed with mqadmin applies to the next command, and the declared
 * publishers and subscriptions are decided again.
 *
 * <p>Thread-safe: asked on every stream event loop.
 */
final class StreamAuthorization implements StreamPermissions {
    private final Authorizer authorizer;

    StreamAuthorization(Authorizer authorizer) {
        this.authorizer = Objects.requireNonNull(authorizer, "authorizer");
    }

    /** The broker's stream permissions: every operation allowed when its authorization is off. */
    static StreamPermissions of(Authorizer authorizer) {
        return authorizer.enabled() ? new StreamAuthorization(authorizer) : StreamPermissions.ALL;
    }

    @Override
    public String refusal(String user, String sourceIp, Target target, String name, Operation operation) {
        ResourceType type = target == Target.CONSUMER ? ResourceType.GROUP : ResourceType.TOPIC;
        Actions actions = actionsOf(operation);
        if (authorizer.allows(user, sourceIp, type, name, actions)) {
            return null;
        }
        String denial = authorizer.denial(user, sourceIp, type, name, actions);
        // allowed between the two questions: the policy changed, and the later answer holds
        return denial == null ? null : denial + " (needs " + actions + ")";
    }

    /** The authorizer's changes: every ACL or user change, so that declared publishers and subscriptions are decided again. */
    @Override
    public void onChange(Runnable listener) {
        authorizer.onChange(listener);
    }

    /** The actions {@code operation} needs, any one of them sufficing. */
    static Actions actionsOf(Operation operation) {
        return switch (operation) {
            case CREATE -> Actions.CREATE;
            case DELETE -> Actions.DELETE;
            case PUBLISH -> Actions.PUB;
            case SUBSCRIBE -> Actions.SUB;
            case QUERY_PUBLISHER_SEQUENCE -> Actions.PUB_SUB;
            case DESCRIBE -> Actions.PUB_SUB_GET;
            case STREAM_STATS, QUERY_OFFSET -> Actions.SUB_GET;
            case STORE_OFFSET -> Actions.SUB_UPDATE;
        };
    }
}
