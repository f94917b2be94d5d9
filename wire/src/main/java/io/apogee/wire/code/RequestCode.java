package io.apogee.wire.code;

/**
 * Request codes: the {@code code} of a request frame, under the names of Apache RocketMQ's {@code RequestCode}
 * constants (all of them, so that any code a client sends can be named in logs and remarks). The ones that
 * carry a Javadoc line are those the official clients, mqadmin and a broker cluster really send; the rest are
 * listed for naming only. Immutable constants; {@link #name(int)} and {@link #describe(int)} are safe for any
 * thread.
 */
public final class RequestCode {
    /** Sends one message with the long-named header (producer, only with {@code sendSmartMsg=false}). */
    public static final int SEND_MESSAGE = 10;
    /** Pulls messages from one queue (push consumer); long-polled by the broker. */
    public static final int PULL_MESSAGE = 11;
    /** Queries messages by key or unique key (mqadmin queryMsgByKey, queryMsgByUniqueKey). */
    public static final int QUERY_MESSAGE = 12;
    public static final int QUERY_BROKER_OFFSET = 13;
    /** Reads a group's committed offset of one queue (consumers). */
    public static final int QUERY_CONSUMER_OFFSET = 14;
    /** Commits a group's offset of one queue (consumers; mostly oneway). */
    public static final int UPDATE_CONSUMER_OFFSET = 15;
    /** Creates or updates a topic on one broker (mqadmin updateTopic). */
    public static final int UPDATE_AND_CREATE_TOPIC = 17;
    public static final int UPDATE_AND_CREATE_TOPIC_LIST = 18;
    /** Reads the broker's whole topic table (mqadmin exportMetadata). */
    public static final int GET_ALL_TOPIC_CONFIG = 21;
    public static final int GET_TOPIC_CONFIG_LIST = 22;
    public static final int GET_TOPIC_NAME_LIST = 23;
    public static final int UPDATE_BROKER_CONFIG = 25;
    public static final int GET_BROKER_CONFIG = 26;
    public static final int TRIGGER_DELETE_FILES = 27;
    /** Reads the broker's runtime key/value table (mqadmin clusterList, brokerStatus). */
    public static final int GET_BROKER_RUNTIME_INFO = 28;
    /** Finds the offset of a queue at a store timestamp (consumers starting from a timestamp). */
    public static final int SEARCH_OFFSET_BY_TIMESTAMP = 29;
    /** Reads a queue's max offset, exclusive (consumers on first start). */
    public static final int GET_MAX_OFFSET = 30;
    /** Reads a queue's min offset. */
    public static final int GET_MIN_OFFSET = 31;
    /** Reads the store time of a queue's first message. */
    public static final int GET_EARLIEST_MSG_STORETIME = 32;
    /** Reads one stored message by physical offset (mqadmin queryMsgById). */
    public static final int VIEW_MESSAGE_BY_ID = 33;
    /** Registers producer and consumer groups and subscriptions; sent every 30 s by every client. */
    public static final int HEART_BEAT = 34;
    /** Removes a client from one group on shutdown. */
    public static final int UNREGISTER_CLIENT = 35;
    /** Returns a message the consumer failed to consume, for retry or the dead-letter queue. */
    public static final int CONSUMER_SEND_MSG_BACK = 36;
    /** Commits or rolls back a transactional half message (producer, oneway). */
    public static final int END_TRANSACTION = 37;
    /** Lists the client ids of a consumer group (consumers, on every rebalance). */
    public static final int GET_CONSUMER_LIST_BY_GROUP = 38;
    /** Broker to producer, oneway: asks for the state of a transaction. */
    public static final int CHECK_TRANSACTION_STATE = 39;
    /** Broker to consumer, oneway: the group's membership changed, rebalance now. */
    public static final int NOTIFY_CONSUMER_IDS_CHANGED = 40;
    /** Locks queues for an orderly consumer. */
    public static final int LOCK_BATCH_MQ = 41;
    /** Unlocks queues of an orderly consumer (sometimes oneway). */
    public static final int UNLOCK_BATCH_MQ = 42;
    public static final int GET_ALL_CONSUMER_OFFSET = 43;
    public static final int GET_ALL_DELAY_OFFSET = 45;
    /** Checks a SQL92 subscription before a consumer uses it. */
    public static final int CHECK_CLIENT_CONFIG = 46;
    /** Reads the client configuration; never sent by the official clients. */
    public static final int GET_CLIENT_CONFIG = 47;
    public static final int GET_TIMER_CHECK_POINT = 60;
    public static final int GET_TIMER_METRICS = 61;
    /** Name server: stores a key/value pair (mqadmin updateTopic -o). */
    public static final int PUT_KV_CONFIG = 100;
    /** Name server: reads a key/value pair (mqadmin updateTopic -o, updateOrderConf). */
    public static final int GET_KV_CONFIG = 101;
    /** Name server: deletes a key/value pair. */
    public static final int DELETE_KV_CONFIG = 102;
    /** Broker to name server: registers the broker and its topics, every 30 s. */
    public static final int REGISTER_BROKER = 103;
    /** Broker to name server: unregisters the broker. */
    public static final int UNREGISTER_BROKER = 104;
    /** Name server: reads the route of one topic (every client, every 30 s per topic). */
    public static final int GET_ROUTEINFO_BY_TOPIC = 105;
    /** Name server: reads the cluster table (mqadmin clusterList). */
    public static final int GET_BROKER_CLUSTER_INFO = 106;
    /** Creates or updates a subscription group; the configuration travels as the JSON body. */
    public static final int UPDATE_AND_CREATE_SUBSCRIPTIONGROUP = 200;
    public static final int GET_ALL_SUBSCRIPTIONGROUP_CONFIG = 201;
    /** Reads the per-queue offsets of a topic (mqadmin topicStatus). */
    public static final int GET_TOPIC_STATS_INFO = 202;
    /** Lists the connections of a consumer group (mqadmin consumerProgress, consumerConnection). */
    public static final int GET_CONSUMER_CONNECTION_LIST = 203;
    public static final int GET_PRODUCER_CONNECTION_LIST = 204;
    /** Name server: removes write permission from a broker. */
    public static final int WIPE_WRITE_PERM_OF_BROKER = 205;
    /** Name server: lists every topic (mqadmin topicList). */
    public static final int GET_ALL_TOPIC_LIST_FROM_NAMESERVER = 206;
    public static final int DELETE_SUBSCRIPTIONGROUP = 207;
    /** Reads a consumer group's progress (mqadmin consumerProgress). */
    public static final int GET_CONSUME_STATS = 208;
    public static final int SUSPEND_CONSUMER = 209;
    public static final int RESUME_CONSUMER = 210;
    public static final int RESET_CONSUMER_OFFSET_IN_CONSUMER = 211;
    public static final int RESET_CONSUMER_OFFSET_IN_BROKER = 212;
    public static final int ADJUST_CONSUMER_THREAD_POOL = 213;
    public static final int WHO_CONSUME_THE_MESSAGE = 214;
    /** Deletes a topic from one broker (mqadmin deleteTopic). */
    public static final int DELETE_TOPIC_IN_BROKER = 215;
    /** Name server: deletes a topic's routes (mqadmin deleteTopic). */
    public static final int DELETE_TOPIC_IN_NAMESRV = 216;
    public static final int REGISTER_TOPIC_IN_NAMESRV = 217;
    public static final int GET_KVLIST_BY_NAMESPACE = 219;
    /** Broker to consumer: resets the consumer's offsets. */
    public static final int RESET_CONSUMER_CLIENT_OFFSET = 220;
    public static final int GET_CONSUMER_STATUS_FROM_CLIENT = 221;
    public static final int INVOKE_BROKER_TO_RESET_OFFSET = 222;
    public static final int INVOKE_BROKER_TO_GET_CONSUMER_STATUS = 223;
    /** Name server: lists the topics of one cluster. */
    public static final int GET_TOPICS_BY_CLUSTER = 224;
    public static final int UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST = 225;
    /** Lists the groups that consume a topic (mqadmin topicList -c). */
    public static final int QUERY_TOPIC_CONSUME_BY_WHO = 300;
    public static final int REGISTER_FILTER_SERVER = 301;
    public static final int REGISTER_MESSAGE_FILTER_CLASS = 302;
    public static final int QUERY_CONSUME_TIME_SPAN = 303;
    /** Name server: lists the system topics. */
    public static final int GET_SYSTEM_TOPIC_LIST_FROM_NS = 304;
    public static final int GET_SYSTEM_TOPIC_LIST_FROM_BROKER = 305;
    public static final int CLEAN_EXPIRED_CONSUMEQUEUE = 306;
    /** Reads a consumer's running state; the broker forwards it to the client (mqadmin consumerStatus). */
    public static final int GET_CONSUMER_RUNNING_INFO = 307;
    public static final int QUERY_CORRECTION_OFFSET = 308;
    /** Broker to consumer: consumes one message directly. */
    public static final int CONSUME_MESSAGE_DIRECTLY = 309;
    /** Sends one message with the one-letter header: the producer's default single send. */
    public static final int SEND_MESSAGE_V2 = 310;
    public static final int GET_UNIT_TOPIC_LIST = 311;
    public static final int GET_HAS_UNIT_SUB_TOPIC_LIST = 312;
    public static final int GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST = 313;
    public static final int CLONE_GROUP_OFFSET = 314;
    public static final int VIEW_BROKER_STATS_DATA = 315;
    public static final int CLEAN_UNUSED_TOPIC = 316;
    public static final int GET_BROKER_CONSUME_STATS = 317;
    public static final int UPDATE_NAMESRV_CONFIG = 318;
    public static final int GET_NAMESRV_CONFIG = 319;
    /** Sends a batch of messages with the one-letter header. */
    public static final int SEND_BATCH_MESSAGE = 320;
    public static final int QUERY_CONSUME_QUEUE = 321;
    /** Broker to name server: compares the topic table's data version. */
    public static final int QUERY_DATA_VERSION = 322;
    public static final int RESUME_CHECK_HALF_MESSAGE = 323;
    /** Sends a reply message with the long-named header. */
    public static final int SEND_REPLY_MESSAGE = 324;
    /** Sends a reply message with the one-letter header (the default for request-reply). */
    public static final int SEND_REPLY_MESSAGE_V2 = 325;
    /** Broker to requester: pushes a reply message. */
    public static final int PUSH_REPLY_MESSAGE_TO_CLIENT = 326;
    /** Name server: gives write permission back to a broker. */
    public static final int ADD_WRITE_PERM_OF_BROKER = 327;
    public static final int GET_ALL_PRODUCER_INFO = 328;
    public static final int DELETE_EXPIRED_COMMITLOG = 329;
    public static final int QUERY_TOPICS_BY_CONSUMER = 343;
    public static final int QUERY_SUBSCRIPTION_BY_CONSUMER = 345;
    public static final int GET_TOPIC_CONFIG = 351;
    public static final int GET_SUBSCRIPTIONGROUP_CONFIG = 352;
    public static final int UPDATE_AND_GET_GROUP_FORBIDDEN = 353;
    public static final int CHECK_ROCKSDB_CQ_WRITE_PROGRESS = 354;
    public static final int EXPORT_ROCKSDB_CONFIG_TO_JSON = 355;
    /** Pulls messages from one queue (lite pull consumer); handled like {@link #PULL_MESSAGE}. */
    public static final int LITE_PULL_MESSAGE = 361;
    public static final int RECALL_MESSAGE = 370;
    /** Asks the broker for a queue assignment (5.x, client rebalance off). */
    public static final int QUERY_ASSIGNMENT = 400;
    /** Sets the message request mode of a group (5.x). */
    public static final int SET_MESSAGE_REQUEST_MODE = 401;
    public static final int GET_ALL_MESSAGE_REQUEST_MODE = 402;
    public static final int UPDATE_AND_CREATE_STATIC_TOPIC = 513;
    public static final int GET_BROKER_MEMBER_GROUP = 901;
    public static final int ADD_BROKER = 902;
    public static final int REMOVE_BROKER = 903;
    /** Broker to name server: a lightweight heartbeat. */
    public static final int BROKER_HEARTBEAT = 904;
    public static final int NOTIFY_MIN_BROKER_ID_CHANGE = 905;
    public static final int EXCHANGE_BROKER_HA_INFO = 906;
    public static final int GET_BROKER_HA_STATUS = 907;
    public static final int RESET_MASTER_FLUSH_OFFSET = 908;
    public static final int CONTROLLER_ALTER_SYNC_STATE_SET = 1001;
    public static final int CONTROLLER_ELECT_MASTER = 1002;
    public static final int CONTROLLER_REGISTER_BROKER = 1003;
    public static final int CONTROLLER_GET_REPLICA_INFO = 1004;
    public static final int CONTROLLER_GET_METADATA_INFO = 1005;
    public static final int CONTROLLER_GET_SYNC_STATE_DATA = 1006;
    public static final int GET_BROKER_EPOCH_CACHE = 1007;
    public static final int NOTIFY_BROKER_ROLE_CHANGED = 1008;
    public static final int UPDATE_CONTROLLER_CONFIG = 1009;
    public static final int GET_CONTROLLER_CONFIG = 1010;
    public static final int CLEAN_BROKER_DATA = 1011;
    public static final int CONTROLLER_GET_NEXT_BROKER_ID = 1012;
    public static final int CONTROLLER_APPLY_BROKER_ID = 1013;
    public static final int UPDATE_COLD_DATA_FLOW_CTR_CONFIG = 2001;
    public static final int REMOVE_COLD_DATA_FLOW_CTR_CONFIG = 2002;
    public static final int GET_COLD_DATA_FLOW_CTR_INFO = 2003;
    public static final int SET_COMMITLOG_READ_MODE = 2004;
    public static final int AUTH_CREATE_USER = 3001;
    public static final int AUTH_UPDATE_USER = 3002;
    public static final int AUTH_DELETE_USER = 3003;
    public static final int AUTH_GET_USER = 3004;
    public static final int AUTH_LIST_USER = 3005;
    public static final int AUTH_CREATE_ACL = 3006;
    public static final int AUTH_UPDATE_ACL = 3007;
    public static final int AUTH_DELETE_ACL = 3008;
    public static final int AUTH_GET_ACL = 3009;
    public static final int AUTH_LIST_ACL = 3010;
    public static final int SWITCH_TIMER_ENGINE = 5001;
    /** Pops messages (5.x POP consumption); above the binary header's int16 range, so sent as JSON. */
    public static final int POP_MESSAGE = 200050;
    /** Acknowledges one popped message. */
    public static final int ACK_MESSAGE = 200051;
    /** Peeks messages without popping them. */
    public static final int PEEK_MESSAGE = 200052;
    /** Changes the invisible time of a popped message. */
    public static final int CHANGE_MESSAGE_INVISIBLETIME = 200053;
    /** Waits for messages to become available for POP. */
    public static final int NOTIFICATION = 200054;
    /** Reads POP polling information. */
    public static final int POLLING_INFO = 200055;
    /** Rolls back a POP. */
    public static final int POP_ROLLBACK = 200056;
    /** Acknowledges several popped messages. */
    public static final int BATCH_ACK_MESSAGE = 200151;

    private static final CodeNames NAMES = CodeNames.builder()
        .add(SEND_MESSAGE, "SEND_MESSAGE")
        .add(PULL_MESSAGE, "PULL_MESSAGE")
        .add(QUERY_MESSAGE, "QUERY_MESSAGE")
        .add(QUERY_BROKER_OFFSET, "QUERY_BROKER_OFFSET")
        .add(QUERY_CONSUMER_OFFSET, "QUERY_CONSUMER_OFFSET")
        .add(UPDATE_CONSUMER_OFFSET, "UPDATE_CONSUMER_OFFSET")
        .add(UPDATE_AND_CREATE_TOPIC, "UPDATE_AND_CREATE_TOPIC")
        .add(UPDATE_AND_CREATE_TOPIC_LIST, "UPDATE_AND_CREATE_TOPIC_LIST")
        .add(GET_ALL_TOPIC_CONFIG, "GET_ALL_TOPIC_CONFIG")
        .add(GET_TOPIC_CONFIG_LIST, "GET_TOPIC_CONFIG_LIST")
        .add(GET_TOPIC_NAME_LIST, "GET_TOPIC_NAME_LIST")
        .add(UPDATE_BROKER_CONFIG, "UPDATE_BROKER_CONFIG")
        .add(GET_BROKER_CONFIG, "GET_BROKER_CONFIG")
        .add(TRIGGER_DELETE_FILES, "TRIGGER_DELETE_FILES")
        .add(GET_BROKER_RUNTIME_INFO, "GET_BROKER_RUNTIME_INFO")
        .add(SEARCH_OFFSET_BY_TIMESTAMP, "SEARCH_OFFSET_BY_TIMESTAMP")
        .add(GET_MAX_OFFSET, "GET_MAX_OFFSET")
        .add(GET_MIN_OFFSET, "GET_MIN_OFFSET")
        .add(GET_EARLIEST_MSG_STORETIME, "GET_EARLIEST_MSG_STORETIME")
        .add(VIEW_MESSAGE_BY_ID, "VIEW_MESSAGE_BY_ID")
        .add(HEART_BEAT, "HEART_BEAT")
        .add(UNREGISTER_CLIENT, "UNREGISTER_CLIENT")
        .add(CONSUMER_SEND_MSG_BACK, "CONSUMER_SEND_MSG_BACK")
        .add(END_TRANSACTION, "END_TRANSACTION")
        .add(GET_CONSUMER_LIST_BY_GROUP, "GET_CONSUMER_LIST_BY_GROUP")
        .add(CHECK_TRANSACTION_STATE, "CHECK_TRANSACTION_STATE")
        .add(NOTIFY_CONSUMER_IDS_CHANGED, "NOTIFY_CONSUMER_IDS_CHANGED")
        .add(LOCK_BATCH_MQ, "LOCK_BATCH_MQ")
        .add(UNLOCK_BATCH_MQ, "UNLOCK_BATCH_MQ")
        .add(GET_ALL_CONSUMER_OFFSET, "GET_ALL_CONSUMER_OFFSET")
        .add(GET_ALL_DELAY_OFFSET, "GET_ALL_DELAY_OFFSET")
        .add(CHECK_CLIENT_CONFIG, "CHECK_CLIENT_CONFIG")
        .add(GET_CLIENT_CONFIG, "GET_CLIENT_CONFIG")
        .add(GET_TIMER_CHECK_POINT, "GET_TIMER_CHECK_POINT")
        .add(GET_TIMER_METRICS, "GET_TIMER_METRICS")
        .add(PUT_KV_CONFIG, "PUT_KV_CONFIG")
        .add(GET_KV_CONFIG, "GET_KV_CONFIG")
        .add(DELETE_KV_CONFIG, "DELETE_KV_CONFIG")
        .add(REGISTER_BROKER, "REGISTER_BROKER")
        .add(UNREGISTER_BROKER, "UNREGISTER_BROKER")
        .add(GET_ROUTEINFO_BY_TOPIC, "GET_ROUTEINFO_BY_TOPIC")
        .add(GET_BROKER_CLUSTER_INFO, "GET_BROKER_CLUSTER_INFO")
        .add(UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, "UPDATE_AND_CREATE_SUBSCRIPTIONGROUP")
        .add(GET_ALL_SUBSCRIPTIONGROUP_CONFIG, "GET_ALL_SUBSCRIPTIONGROUP_CONFIG")
        .add(GET_TOPIC_STATS_INFO, "GET_TOPIC_STATS_INFO")
        .add(GET_CONSUMER_CONNECTION_LIST, "GET_CONSUMER_CONNECTION_LIST")
        .add(GET_PRODUCER_CONNECTION_LIST, "GET_PRODUCER_CONNECTION_LIST")
        .add(WIPE_WRITE_PERM_OF_BROKER, "WIPE_WRITE_PERM_OF_BROKER")
        .add(GET_ALL_TOPIC_LIST_FROM_NAMESERVER, "GET_ALL_TOPIC_LIST_FROM_NAMESERVER")
        .add(DELETE_SUBSCRIPTIONGROUP, "DELETE_SUBSCRIPTIONGROUP")
        .add(GET_CONSUME_STATS, "GET_CONSUME_STATS")
        .add(SUSPEND_CONSUMER, "SUSPEND_CONSUMER")
        .add(RESUME_CONSUMER, "RESUME_CONSUMER")
        .add(RESET_CONSUMER_OFFSET_IN_CONSUMER, "RESET_CONSUMER_OFFSET_IN_CONSUMER")
        .add(RESET_CONSUMER_OFFSET_IN_BROKER, "RESET_CONSUMER_OFFSET_IN_BROKER")
        .add(ADJUST_CONSUMER_THREAD_POOL, "ADJUST_CONSUMER_THREAD_POOL")
        .add(WHO_CONSUME_THE_MESSAGE, "WHO_CONSUME_THE_MESSAGE")
        .add(DELETE_TOPIC_IN_BROKER, "DELETE_TOPIC_IN_BROKER")
        .add(DELETE_TOPIC_IN_NAMESRV, "DELETE_TOPIC_IN_NAMESRV")
        .add(REGISTER_TOPIC_IN_NAMESRV, "REGISTER_TOPIC_IN_NAMESRV")
        .add(GET_KVLIST_BY_NAMESPACE, "GET_KVLIST_BY_NAMESPACE")
        .add(RESET_CONSUMER_CLIENT_OFFSET, "RESET_CONSUMER_CLIENT_OFFSET")
        .add(GET_CONSUMER_STATUS_FROM_CLIENT, "GET_CONSUMER_STATUS_FROM_CLIENT")
        .add(INVOKE_BROKER_TO_RESET_OFFSET, "INVOKE_BROKER_TO_RESET_OFFSET")
        .add(INVOKE_BROKER_TO_GET_CONSUMER_STATUS, "INVOKE_BROKER_TO_GET_CONSUMER_STATUS")
        .add(GET_TOPICS_BY_CLUSTER, "GET_TOPICS_BY_CLUSTER")
        .add(UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST, "UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST")
        .add(QUERY_TOPIC_CONSUME_BY_WHO, "QUERY_TOPIC_CONSUME_BY_WHO")
        .add(REGISTER_FILTER_SERVER, "REGISTER_FILTER_SERVER")
        .add(REGISTER_MESSAGE_FILTER_CLASS, "REGISTER_MESSAGE_FILTER_CLASS")
        .add(QUERY_CONSUME_TIME_SPAN, "QUERY_CONSUME_TIME_SPAN")
        .add(GET_SYSTEM_TOPIC_LIST_FROM_NS, "GET_SYSTEM_TOPIC_LIST_FROM_NS")
        .add(GET_SYSTEM_TOPIC_LIST_FROM_BROKER, "GET_SYSTEM_TOPIC_LIST_FROM_BROKER")
        .add(CLEAN_EXPIRED_CONSUMEQUEUE, "CLEAN_EXPIRED_CONSUMEQUEUE")
        .add(GET_CONSUMER_RUNNING_INFO, "GET_CONSUMER_RUNNING_INFO")
        .add(QUERY_CORRECTION_OFFSET, "QUERY_CORRECTION_OFFSET")
        .add(CONSUME_MESSAGE_DIRECTLY, "CONSUME_MESSAGE_DIRECTLY")
        .add(SEND_MESSAGE_V2, "SEND_MESSAGE_V2")
        .add(GET_UNIT_TOPIC_LIST, "GET_UNIT_TOPIC_LIST")
        .add(GET_HAS_UNIT_SUB_TOPIC_LIST, "GET_HAS_UNIT_SUB_TOPIC_LIST")
        .add(GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST, "GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST")
        .add(CLONE_GROUP_OFFSET, "CLONE_GROUP_OFFSET")
        .add(VIEW_BROKER_STATS_DATA, "VIEW_BROKER_STATS_DATA")
        .add(CLEAN_UNUSED_TOPIC, "CLEAN_UNUSED_TOPIC")
        .add(GET_BROKER_CONSUME_STATS, "GET_BROKER_CONSUME_STATS")
        .add(UPDATE_NAMESRV_CONFIG, "UPDATE_NAMESRV_CONFIG")
        .add(GET_NAMESRV_CONFIG, "GET_NAMESRV_CONFIG")
        .add(SEND_BATCH_MESSAGE, "SEND_BATCH_MESSAGE")
        .add(QUERY_CONSUME_QUEUE, "QUERY_CONSUME_QUEUE")
        .add(QUERY_DATA_VERSION, "QUERY_DATA_VERSION")
        .add(RESUME_CHECK_HALF_MESSAGE, "RESUME_CHECK_HALF_MESSAGE")
        .add(SEND_REPLY_MESSAGE, "SEND_REPLY_MESSAGE")
        .add(SEND_REPLY_MESSAGE_V2, "SEND_REPLY_MESSAGE_V2")
        .add(PUSH_REPLY_MESSAGE_TO_CLIENT, "PUSH_REPLY_MESSAGE_TO_CLIENT")
        .add(ADD_WRITE_PERM_OF_BROKER, "ADD_WRITE_PERM_OF_BROKER")
        .add(GET_ALL_PRODUCER_INFO, "GET_ALL_PRODUCER_INFO")
        .add(DELETE_EXPIRED_COMMITLOG, "DELETE_EXPIRED_COMMITLOG")
        .add(QUERY_TOPICS_BY_CONSUMER, "QUERY_TOPICS_BY_CONSUMER")
        .add(QUERY_SUBSCRIPTION_BY_CONSUMER, "QUERY_SUBSCRIPTION_BY_CONSUMER")
        .add(GET_TOPIC_CONFIG, "GET_TOPIC_CONFIG")
        .add(GET_SUBSCRIPTIONGROUP_CONFIG, "GET_SUBSCRIPTIONGROUP_CONFIG")
        .add(UPDATE_AND_GET_GROUP_FORBIDDEN, "UPDATE_AND_GET_GROUP_FORBIDDEN")
        .add(CHECK_ROCKSDB_CQ_WRITE_PROGRESS, "CHECK_ROCKSDB_CQ_WRITE_PROGRESS")
        .add(EXPORT_ROCKSDB_CONFIG_TO_JSON, "EXPORT_ROCKSDB_CONFIG_TO_JSON")
        .add(LITE_PULL_MESSAGE, "LITE_PULL_MESSAGE")
        .add(RECALL_MESSAGE, "RECALL_MESSAGE")
        .add(QUERY_ASSIGNMENT, "QUERY_ASSIGNMENT")
        .add(SET_MESSAGE_REQUEST_MODE, "SET_MESSAGE_REQUEST_MODE")
        .add(GET_ALL_MESSAGE_REQUEST_MODE, "GET_ALL_MESSAGE_REQUEST_MODE")
        .add(UPDATE_AND_CREATE_STATIC_TOPIC, "UPDATE_AND_CREATE_STATIC_TOPIC")
        .add(GET_BROKER_MEMBER_GROUP, "GET_BROKER_MEMBER_GROUP")
        .add(ADD_BROKER, "ADD_BROKER")
        .add(REMOVE_BROKER, "REMOVE_BROKER")
        .add(BROKER_HEARTBEAT, "BROKER_HEARTBEAT")
        .add(NOTIFY_MIN_BROKER_ID_CHANGE, "NOTIFY_MIN_BROKER_ID_CHANGE")
        .add(EXCHANGE_BROKER_HA_INFO, "EXCHANGE_BROKER_HA_INFO")
        .add(GET_BROKER_HA_STATUS, "GET_BROKER_HA_STATUS")
        .add(RESET_MASTER_FLUSH_OFFSET, "RESET_MASTER_FLUSH_OFFSET")
        .add(CONTROLLER_ALTER_SYNC_STATE_SET, "CONTROLLER_ALTER_SYNC_STATE_SET")
        .add(CONTROLLER_ELECT_MASTER, "CONTROLLER_ELECT_MASTER")
        .add(CONTROLLER_REGISTER_BROKER, "CONTROLLER_REGISTER_BROKER")
        .add(CONTROLLER_GET_REPLICA_INFO, "CONTROLLER_GET_REPLICA_INFO")
        .add(CONTROLLER_GET_METADATA_INFO, "CONTROLLER_GET_METADATA_INFO")
        .add(CONTROLLER_GET_SYNC_STATE_DATA, "CONTROLLER_GET_SYNC_STATE_DATA")
        .add(GET_BROKER_EPOCH_CACHE, "GET_BROKER_EPOCH_CACHE")
        .add(NOTIFY_BROKER_ROLE_CHANGED, "NOTIFY_BROKER_ROLE_CHANGED")
        .add(UPDATE_CONTROLLER_CONFIG, "UPDATE_CONTROLLER_CONFIG")
        .add(GET_CONTROLLER_CONFIG, "GET_CONTROLLER_CONFIG")
        .add(CLEAN_BROKER_DATA, "CLEAN_BROKER_DATA")
        .add(CONTROLLER_GET_NEXT_BROKER_ID, "CONTROLLER_GET_NEXT_BROKER_ID")
        .add(CONTROLLER_APPLY_BROKER_ID, "CONTROLLER_APPLY_BROKER_ID")
        .add(UPDATE_COLD_DATA_FLOW_CTR_CONFIG, "UPDATE_COLD_DATA_FLOW_CTR_CONFIG")
        .add(REMOVE_COLD_DATA_FLOW_CTR_CONFIG, "REMOVE_COLD_DATA_FLOW_CTR_CONFIG")
        .add(GET_COLD_DATA_FLOW_CTR_INFO, "GET_COLD_DATA_FLOW_CTR_INFO")
        .add(SET_COMMITLOG_READ_MODE, "SET_COMMITLOG_READ_MODE")
        .add(AUTH_CREATE_USER, "AUTH_CREATE_USER")
        .add(AUTH_UPDATE_USER, "AUTH_UPDATE_USER")
        .add(AUTH_DELETE_USER, "AUTH_DELETE_USER")
        .add(AUTH_GET_USER, "AUTH_GET_USER")
        .add(AUTH_LIST_USER, "AUTH_LIST_USER")
        .add(AUTH_CREATE_ACL, "AUTH_CREATE_ACL")
        .add(AUTH_UPDATE_ACL, "AUTH_UPDATE_ACL")
        .add(AUTH_DELETE_ACL, "AUTH_DELETE_ACL")
        .add(AUTH_GET_ACL, "AUTH_GET_ACL")
        .add(AUTH_LIST_ACL, "AUTH_LIST_ACL")
        .add(SWITCH_TIMER_ENGINE, "SWITCH_TIMER_ENGINE")
        .add(POP_MESSAGE, "POP_MESSAGE")
        .add(ACK_MESSAGE, "ACK_MESSAGE")
        .add(PEEK_MESSAGE, "PEEK_MESSAGE")
        .add(CHANGE_MESSAGE_INVISIBLETIME, "CHANGE_MESSAGE_INVISIBLETIME")
        .add(NOTIFICATION, "NOTIFICATION")
        .add(POLLING_INFO, "POLLING_INFO")
        .add(POP_ROLLBACK, "POP_ROLLBACK")
        .add(BATCH_ACK_MESSAGE, "BATCH_ACK_MESSAGE")
        .build();

    private RequestCode() {
    }

    /** The constant name of {@code code}, or null if no request has that code. Allocates nothing. */
    public static String name(int code) {
        return NAMES.name(code);
    }

    /** {@code code} for a log line or remark: {@code "SEND_MESSAGE_V2(310)"}, or just {@code "4711"} if unknown. */
    public static String describe(int code) {
        return NAMES.describe(code);
    }
}
