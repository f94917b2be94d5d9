package io.apogee.broker;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody;
import org.apache.rocketmq.remoting.protocol.header.ConsumerSendMsgBackRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.EndTransactionRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetMaxOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.header.UnregisterClientRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.UpdateConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;

/**
 * The official clients' requests that authorization maps to resources (sends, pulls, offsets, heartbeats, locks,
 * routes), built with RocketMQ 5.4.0's header and body classes and signed by the official AclClientRPCHook as
 * {@code who}, ready to be framed and sent to any broker. Each names queue 0 where it names a queue.
 */
final class SignedRequests {
    private static final String CLIENT_ID = "127.0.0.1@authz-compare";
    private static final String BROKER_NAME = "broker-a";
    /** PullSysFlag.FLAG_SUBSCRIPTION: the pull carries its subscription, so the broker needs no heartbeat first. */
    private static final int FLAG_SUBSCRIPTION = 0x1 << 2;
    /** MessageSysFlag.TRANSACTION_COMMIT_TYPE. */
    private static final int COMMIT = 0x2 << 2;

    private SignedRequests() {
    }

    /** SEND_MESSAGE_V2, the code the official producer sends, of {@link SignedFrames#unsigned}'s message. */
    static RemotingCommand sendV2(SessionCredentials who, String topic) {
        SendMessageRequestHeader header = SignedFrames.unsigned(topic, "body", SerializeType.JSON).header();
        RemotingCommand command = RemotingCommand.createRequestCommand(RequestCode.SEND_MESSAGE_V2,
            SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header));
        command.setBody("body".getBytes(StandardCharsets.UTF_8));
        return sign(who, command);
    }

    /** A commit of a half message of {@code topic} that was never sent. */
    static RemotingCommand endTransaction(SessionCredentials who, String topic) {
        EndTransactionRequestHeader header = new EndTransactionRequestHeader();
        header.setTopic(topic);
        header.setProducerGroup("raw-producer");
        header.setTranStateTableOffset(0L);
        header.setCommitLogOffset(0L);
        header.setCommitOrRollback(COMMIT);
        header.setFromTransactionCheck(false);
        header.setMsgId("00000000000000000000000000000000");
        return signed(who, RequestCode.END_TRANSACTION, header, null);
    }

    /** A pull of up to 32 messages at offset 0 that does not wait, carrying its subscription "*". */
    static RemotingCommand pull(SessionCredentials who, String topic, String group) {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(topic);
        header.setQueueId(0);
        header.setQueueOffset(0L);
        header.setMaxMsgNums(32);
        header.setSysFlag(FLAG_SUBSCRIPTION);
        header.setCommitOffset(0L);
        header.setSuspendTimeoutMillis(0L);
        header.setSubscription("*");
        header.setSubVersion(0L);
        header.setExpressionType("TAG");
        return signed(who, RequestCode.PULL_MESSAGE, header, null);
    }

    /** A consumer's send-back of a message it failed to consume (a commit-log offset no message is at). */
    static RemotingCommand sendBack(SessionCredentials who, String topic, String group) {
        ConsumerSendMsgBackRequestHeader header = new ConsumerSendMsgBackRequestHeader();
        header.setOffset(0L);
        header.setGroup(group);
        header.setDelayLevel(0);
        header.setOriginTopic(topic);
        return signed(who, RequestCode.CONSUMER_SEND_MSG_BACK, header, null);
    }

    static RemotingCommand queryMessage(SessionCredentials who, String topic) {
        QueryMessageRequestHeader header = new QueryMessageRequestHeader();
        header.setTopic(topic);
        header.setKey("k1");
        header.setMaxNum(32);
        header.setBeginTimestamp(0L);
        header.setEndTimestamp(Long.MAX_VALUE);
        return signed(who, RequestCode.QUERY_MESSAGE, header, null);
    }

    static RemotingCommand maxOffset(SessionCredentials who, String topic) {
        GetMaxOffsetRequestHeader header = new GetMaxOffsetRequestHeader();
        header.setTopic(topic);
        header.setQueueId(0);
        return signed(who, RequestCode.GET_MAX_OFFSET, header, null);
    }

    static RemotingCommand queryOffset(SessionCredentials who, String topic, String group) {
        QueryConsumerOffsetRequestHeader header = new QueryConsumerOffsetRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(topic);
        header.setQueueId(0);
        return signed(who, RequestCode.QUERY_CONSUMER_OFFSET, header, null);
    }

    static RemotingCommand updateOffset(SessionCredentials who, String topic, String group, long offset) {
        UpdateConsumerOffsetRequestHeader header = new UpdateConsumerOffsetRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(topic);
        header.setQueueId(0);
        header.setCommitOffset(offset);
        return signed(who, RequestCode.UPDATE_CONSUMER_OFFSET, header, null);
    }

    /** A push consumer's heartbeat: {@code group} subscribed to every tag of {@code topic}. */
    static RemotingCommand heartbeat(SessionCredentials who, String topic, String group) {
        ConsumerData consumer = new ConsumerData();
        consumer.setGroupName(group);
        consumer.setConsumeType(ConsumeType.CONSUME_PASSIVELY);
        consumer.setMessageModel(MessageModel.CLUSTERING);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
        consumer.getSubscriptionDataSet().add(new SubscriptionData(topic, "*"));
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID(CLIENT_ID);
        heartbeat.getConsumerDataSet().add(consumer);
        return heartbeat(who, heartbeat);
    }

    /** A producer's heartbeat, of group {@code group}. */
    static RemotingCommand producerHeartbeat(SessionCredentials who, String group) {
        ProducerData producer = new ProducerData();
        producer.setGroupName(group);
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID(CLIENT_ID);
        heartbeat.getProducerDataSet().add(producer);
        return heartbeat(who, heartbeat);
    }

    static RemotingCommand unregisterConsumer(SessionCredentials who, String group) {
        UnregisterClientRequestHeader header = new UnregisterClientRequestHeader();
        header.setClientID(CLIENT_ID);
        header.setConsumerGroup(group);
        return signed(who, RequestCode.UNREGISTER_CLIENT, header, null);
    }

    static RemotingCommand consumersOf(SessionCredentials who, String group) {
        GetConsumerListByGroupRequestHeader header = new GetConsumerListByGroupRequestHeader();
        header.setConsumerGroup(group);
        return signed(who, RequestCode.GET_CONSUMER_LIST_BY_GROUP, header, null);
    }

    /** An orderly consumer's lock of queue 0 of {@code topic} on broker-a (the name both brokers are given). */
    static RemotingCommand lock(SessionCredentials who, String topic, String group) {
        LockBatchRequestBody body = new LockBatchRequestBody();
        body.setConsumerGroup(group);
        body.setClientId(CLIENT_ID);
        body.setMqSet(Set.of(new MessageQueue(topic, BROKER_NAME, 0)));
        RemotingCommand command = RemotingCommand.createRequestCommand(RequestCode.LOCK_BATCH_MQ, null);
        command.setBody(body.encode());
        return sign(who, command);
    }

    static RemotingCommand route(SessionCredentials who, String topic) {
        GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
        header.setTopic(topic);
        return signed(who, RequestCode.GET_ROUTEINFO_BY_TOPIC, header, null);
    }

    /** A request of {@code code} with {@code header} (may be null) and a UTF-8 {@code body} (may be null), signed. */
    static RemotingCommand signed(SessionCredentials who, int code, CommandCustomHeader header, String body) {
        RemotingCommand command = RemotingCommand.createRequestCommand(code, header);
        if (body != null) {
            command.setBody(body.getBytes(StandardCharsets.UTF_8));
        }
        return sign(who, command);
    }

    private static RemotingCommand heartbeat(SessionCredentials who, HeartbeatData heartbeat) {
        RemotingCommand command = RemotingCommand.createRequestCommand(RequestCode.HEART_BEAT, null);
        command.setBody(heartbeat.encode());
        return sign(who, command);
    }

    private static RemotingCommand sign(SessionCredentials who, RemotingCommand command) {
        new AclClientRPCHook(who).doBeforeRequest(null, command);
        return command;
    }
}
