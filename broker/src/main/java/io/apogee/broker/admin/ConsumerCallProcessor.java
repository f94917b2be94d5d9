package io.apogee.broker.admin;

import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.store.MessageStore;
import io.apogee.transport.ResponseCallback;
import io.apogee.transport.ResponseTimeoutException;
import io.apogee.transport.TransportException;
import io.apogee.wire.code.LanguageCode;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;

/**
 * GET_CONSUMER_RUNNING_INFO (307), mqadmin's {@code consumerStatus}, and CONSUME_MESSAGE_DIRECTLY (309), mqadmin's
 * {@code queryMsgById -g -d}: asked of the broker, answered by the consumer. For 309 the broker adds the stored
 * message and its own fields ({@link DirectMessages}); a message id naming no message is SYSTEM_ERROR.
 * As RocketMQ does, the request (its ext fields and body) goes on to the member {@code clientId} of
 * {@code consumerGroup} over that member's own connection, and the member's answer comes back to the caller as it came.
 * A member that is not connected is SYSTEM_ERROR "not online", one older than 3.1.8 SYSTEM_ERROR "too low"; no answer
 * within {@value #CALL_TIMEOUT_MILLIS} ms is CONSUME_MSG_TIMEOUT, a lost connection SYSTEM_ERROR, each with RocketMQ's
 * remark.
 *
 * <p>Runs on the admin executor thread, which hands the held exchange to the member's event loop; the directory is
 * thread-safe.
 */
public final class ConsumerCallProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_CONSUMER_RUNNING_INFO, RequestCode.CONSUME_MESSAGE_DIRECTLY};
    /** How long a member has to answer, as RocketMQ's broker waits for a client. */
    public static final long CALL_TIMEOUT_MILLIS = 10_000;

    private final ClientDirectory clients;
    private final DirectMessages messages;

    /**
     * Calls the members {@code clients} knows; a direct consumption carries a message of {@code store}, with the
     * flags of {@code topics} and {@code groups}, as the broker named {@code brokerName}.
     */
    public ConsumerCallProcessor(ClientDirectory clients, MessageStore store, TopicTable topics,
        SubscriptionGroupTable groups, String brokerName) {
        this.clients = clients;
        this.messages = new DirectMessages(store, topics, groups, brokerName);
    }

    @Override
    public void process(Exchange exchange) {
        String group = exchange.request().ext().get("consumerGroup");
        String clientId = exchange.request().ext().get("clientId");
        if (group == null || clientId == null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "consumerGroup and clientId are required");
            return;
        }
        ClientDirectory.Member member = clients.consumerMember(group, clientId);
        if (member == null) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "The Consumer <" + group + "> <" + clientId + "> not online");
            return;
        }
        int version = member.connection().version();
        if (version < ProtocolVersion.V3_1_8_SNAPSHOT) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "The Consumer <" + clientId + "> Version <"
                + ProtocolVersion.describe(version) + "> too low to finish, please upgrade it to V3_1_8_SNAPSHOT");
            return;
        }
        RemotingHeader call = exchange.request().copy().language(LanguageCode.JAVA).version(ProtocolVersion.BROKER)
            .remark(null);
        ByteBuf body;
        if (call.code() == RequestCode.CONSUME_MESSAGE_DIRECTLY) {
            body = messages.prepare(call);
            if (body == null) {
                exchange.reply(ResponseCode.SYSTEM_ERROR, "no message has the id " + call.ext().get("msgId"));
                return;
            }
        } else {
            body = exchange.body() == null ? null : exchange.body().retainedDuplicate();
        }
        exchange.hold();
        member.peer().invoke(call, body, CALL_TIMEOUT_MILLIS, new Relay(exchange, group, clientId));
    }

    /** Hands the member's answer, or why none came, to the held exchange. Called once, on the member's event loop. */
    private record Relay(Exchange exchange, String group, String clientId) implements ResponseCallback {
        @Override
        public void onResponse(RemotingHeader header, ByteBuf body) {
            exchange.responseHeader(header.code(), header.remark()).ext().addAll(header.ext());
            exchange.replyWith(body == null ? null : body.retain());
        }

        @Override
        public void onFailure(TransportException failure) {
            if (failure instanceof ResponseTimeoutException) {
                exchange.reply(ResponseCode.CONSUME_MSG_TIMEOUT, "consumer <" + group + "> <" + clientId + "> Timeout: "
                    + failure.getMessage());
            } else {
                exchange.reply(ResponseCode.SYSTEM_ERROR, "invoke consumer <" + group + "> <" + clientId + "> Exception: "
                    + failure.getMessage());
            }
        }
    }
}
