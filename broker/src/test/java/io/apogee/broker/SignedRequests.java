package io.apogee.broker;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody;
import org.apache.rocketmq.remoting.protocol.header.CreateAclRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.CreateUserRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.DeleteTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetMaxOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetTopicConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ListUsersRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.header.UpdateConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;

/**
 * Requests of the codes that authorization maps to resources, built with RocketMQ 5.4.0's header and body classes and
 * signed by the official AclClientRPCHook as {@code who}, ready to be framed and sent to any broker.
 */
final class SignedRequests {
    private static final String CLIENT_ID = "127.0.0.1@authz-compare";
    private static final String BROKER_NAME = "broker-a";
    private static final int QUEUES = 4;
    /** PullSysFlag.FLAG_SUBSCRIPTION: the pull carries its subscription, so the broker needs no heartbeat first. */
    private static final int FLAG_SUBSCRIPTION = 0x1 << 2;
    /** PermName.PERM_READ | PermName.PERM_WRITE. */
    private static final int READ_WRITE = 6;

    private SignedRequests() {
    }

    /** mqadmin's createUser for a normal user. */
    static RemotingCommand createUser(SessionCredentials who, String username, String password) {
        CreateUserRequestHeader header = new CreateUserRequestHeader();
        header.setUsername(username);
        return signed(who, RequestCode.AUTH_CREATE_USER, header, "{\"password\":\"" + password
            + "\",\"userStatus\":\"enable\",\"userType\":\"Normal\",\"username\":\"" + username + "\"}");
    }

    /** mqadmin's createAcl for {@code subject} with an AclInfo body of policies. */
    static RemotingCommand createAcl(SessionCredentials who, String subject, String policies) {
        CreateAclRequestHeader header = new CreateAclRequestHeader();
        header.setSubject(subject);
        return signed(who, RequestCode.AUTH_CREATE_ACL, header,
            "{\"subject\":\"" + subject + "\",\"policies\":" + policies + "}");
    }

    static RemotingCommand listUsers(SessionCredentials who) {
        return signed(who, RequestCode.AUTH_LIST_USER, new ListUsersRequestHeader(), null);
    }

    /** mqadmin's updateTopic: {@value #QUEUES} read and write queues. */
    static RemotingCommand createTopic(SessionCredentials who, String topic) {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader();
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setReadQueueNums(QUEUES);
        header.setWriteQueueNums(QUEUES);
        header.setPerm(READ_WRITE);
        header.setTopicFilterType("SINGLE_TAG");
        header.setTopicSysFlag(0);
        header.setOrder(false);
        return signed(who, RequestCode.UPDATE_AND_CREATE_TOPIC, header, null);
    }

    static RemotingCommand deleteTopic(SessionCredentials who, String topic) {
        DeleteTopicRequestHeader header = new DeleteTopicRequestHeader();
        header.setTopic(topic);
        return signed(who, RequestCode.DELETE_TOPIC_IN_BROKER, header, null);
    }

    static RemotingCommand topicConfig(SessionCredentials who, String topic) {
        GetTopicConfigRequestHeader header = new GetTopicConfigRequestHeader();
        header.setTopic(topic);
        return signed(who, RequestCode.GET_TOPIC_CONFIG, header, null);
    }

    /** GET_ALL_TOPIC_CONFIG as mqadmin sends it: no header fields but the signature's. */
    static RemotingCommand allTopicConfig(SessionCredentials who) {
        return signed(who, RequestCode.GET_ALL_TOPIC_CONFIG, null, null);
    }

    static RemotingCommand route(SessionCredentials who, String topic) {
        GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
        header.setTopic(topic);
        return signed(who, RequestCode.GET_ROUTEINFO_BY_TOPIC, header, null);
    }

    /** A pull of up to 32 messages from queue 0 at offset 0 that does not wait, carrying its subscription "*". */
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

    /** GET_MAX_OFFSET of queue 0 of {@code topic}. */
    static RemotingCommand maxOffset(SessionCredentials who, String topic) {
        GetMaxOffsetRequestHeader header = new GetMaxOffsetRequestHeader();
        header.setTopic(topic);
        header.setQueueId(0);
        return signed(who, RequestCode.GET_MAX_OFFSET, header, null);
    }

    /** SEND_MESSAGE_V2, the code the official producer sends, of {@link SignedFrames#unsigned}'s message. */
    static RemotingCommand sendV2(SessionCredentials who, String topic) {
        SendMessageRequestHeader header = SignedFrames.unsigned(topic, "body", SerializeType.JSON).header();
        RemotingCommand command = RemotingCommand.createRequestCommand(RequestCode.SEND_MESSAGE_V2,
            SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header));
        command.setBody("body".getBytes(StandardCharsets.UTF_8));
        return sign(who, command);
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
        SubscriptionData subscription = new SubscriptionData(topic, "*");
        consumer.getSubscriptionDataSet().add(subscription);
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID(CLIENT_ID);
        heartbeat.getConsumerDataSet().add(consumer);
        RemotingCommand command = RemotingCommand.createRequestCommand(RequestCode.HEART_BEAT, null);
        command.setBody(heartbeat.encode());
        return sign(who, command);
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

    /** An AclInfo policy list: one Custom policy of {@code entries}, each an AclInfo entry in JSON. */
    static String custom(String... entries) {
        return "[" + policy("Custom", entries) + "]";
    }

    /** One AclInfo policy of {@code type} ("Custom" or "Default") and {@code entries}. */
    static String policy(String type, String... entries) {
        return "{\"policyType\":\"" + type + "\",\"entries\":[" + String.join(",", List.of(entries)) + "]}";
    }

    /** One AclInfo entry; {@code sourceIps} may be empty for "from anywhere". */
    static String entry(String resource, List<String> actions, List<String> sourceIps, String decision) {
        return "{\"resource\":\"" + resource + "\",\"actions\":" + quoted(actions) + ",\"sourceIps\":"
            + quoted(sourceIps) + ",\"decision\":\"" + decision + "\"}";
    }

    private static String quoted(List<String> values) {
        return values.stream().map(value -> "\"" + value + "\"").toList().toString().replace(" ", "");
    }

    private static RemotingCommand signed(SessionCredentials who, int code, CommandCustomHeader header, String body) {
        RemotingCommand command = RemotingCommand.createRequestCommand(code, header);
        if (body != null) {
            command.setBody(body.getBytes(StandardCharsets.UTF_8));
        }
        return sign(who, command);
    }

    private static RemotingCommand sign(SessionCredentials who, RemotingCommand command) {
        new AclClientRPCHook(who).doBeforeRequest(null, command);
        return command;
    }
}
