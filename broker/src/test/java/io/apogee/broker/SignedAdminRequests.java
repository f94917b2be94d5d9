package io.apogee.broker;

import static io.apogee.broker.SignedRequests.signed;

import java.util.List;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.CreateAclRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.CreateUserRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.DeleteTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetAclRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumeStatsRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetTopicConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ListUsersRequestHeader;

/**
 * mqadmin's requests (users, ACLs, topics and their tables) built with RocketMQ 5.4.0's header classes and signed by
 * the official AclClientRPCHook as {@code who}, plus the AclInfo JSON that ACL requests carry.
 */
final class SignedAdminRequests {
    private static final int QUEUES = 4;
    /** PermName.PERM_READ | PermName.PERM_WRITE. */
    private static final int READ_WRITE = 6;

    private SignedAdminRequests() {
    }

    /** mqadmin's createUser for a normal user whose status is {@code status} ("enable" or "disable"). */
    static RemotingCommand createUser(SessionCredentials who, String username, String password, String status) {
        CreateUserRequestHeader header = new CreateUserRequestHeader();
        header.setUsername(username);
        return signed(who, RequestCode.AUTH_CREATE_USER, header, "{\"password\":\"" + password
            + "\",\"userStatus\":\"" + status + "\",\"userType\":\"Normal\",\"username\":\"" + username + "\"}");
    }

    static RemotingCommand listUsers(SessionCredentials who) {
        return signed(who, RequestCode.AUTH_LIST_USER, new ListUsersRequestHeader(), null);
    }

    /** mqadmin's createAcl for {@code subject} with an AclInfo body of {@code policies} (a JSON list). */
    static RemotingCommand createAcl(SessionCredentials who, String subject, String policies) {
        CreateAclRequestHeader header = new CreateAclRequestHeader();
        header.setSubject(subject);
        return signed(who, RequestCode.AUTH_CREATE_ACL, header,
            "{\"subject\":\"" + subject + "\",\"policies\":" + policies + "}");
    }

    static RemotingCommand getAcl(SessionCredentials who, String subject) {
        GetAclRequestHeader header = new GetAclRequestHeader();
        header.setSubject(subject);
        return signed(who, RequestCode.AUTH_GET_ACL, header, null);
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

    static RemotingCommand consumeStats(SessionCredentials who, String topic, String group) {
        GetConsumeStatsRequestHeader header = new GetConsumeStatsRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(topic);
        return signed(who, RequestCode.GET_CONSUME_STATS, header, null);
    }

    private static String quoted(List<String> values) {
        return values.stream().map(value -> "\"" + value + "\"").toList().toString().replace(" ", "");
    }
}
