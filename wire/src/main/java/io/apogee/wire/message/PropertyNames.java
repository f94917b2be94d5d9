package io.apogee.wire.message;

/**
 * Names of the message properties RocketMQ defines ({@code MessageConst}), and the separators of the properties
 * string. Constants only; safe for any thread.
 *
 * <pre>
 *   name 0x01 value 0x02 name 0x01 value 0x02 ...      (UTF-8; the last entry is terminated by 0x02 too)
 * </pre>
 */
public final class PropertyNames {
    /** Separates a name from its value (byte 0x01). */
    public static final byte NAME_VALUE_SEPARATOR = 1;
    /** Terminates every entry (byte 0x02). */
    public static final byte PROPERTY_SEPARATOR = 2;
    /** Separates the keys inside {@link #KEYS}. */
    public static final char KEY_SEPARATOR = ' ';

    /** Business keys, space-separated; indexed for QUERY_MESSAGE. */
    public static final String KEYS = "KEYS";
    /** The single tag: source of the consume-queue tags code and of filtering. */
    public static final String TAGS = "TAGS";
    /** "false" means the send does not wait for flush or replication. */
    public static final String WAIT = "WAIT";
    /** Delay level 1..18; -1 (set by the broker) means dead-letter. */
    public static final String DELAY = "DELAY";
    /** Original topic of a retried message. */
    public static final String RETRY_TOPIC = "RETRY_TOPIC";
    /** Original group of a retried message (5.x). */
    public static final String ORIGIN_GROUP = "ORIGIN_GROUP";
    /** Original topic of a message redirected to a schedule, half or timer topic. */
    public static final String REAL_TOPIC = "REAL_TOPIC";
    /** Original queue id of a redirected message. */
    public static final String REAL_QUEUE_ID = "REAL_QID";
    /** "true" marks a transactional half message. */
    public static final String TRANSACTION_PREPARED = "TRAN_MSG";
    /** Producer group, needed for the transaction check-back. */
    public static final String PRODUCER_GROUP = "PGROUP";
    /** Queue min offset, added by the client from the pull header; never stored. */
    public static final String MIN_OFFSET = "MIN_OFFSET";
    /** Queue max offset, added by the client from the pull header; never stored. */
    public static final String MAX_OFFSET = "MAX_OFFSET";
    /** Buyer id (legacy). */
    public static final String BUYER_ID = "BUYER_ID";
    /** Message id of the first delivery of a retried message. */
    public static final String ORIGIN_MESSAGE_ID = "ORIGIN_MESSAGE_ID";
    /** Transfer flag (legacy). */
    public static final String TRANSFER_FLAG = "TRANSFER_FLAG";
    /** Correction flag (legacy). */
    public static final String CORRECTION_FLAG = "CORRECTION_FLAG";
    /** MQ2 flag (legacy). */
    public static final String MQ2_FLAG = "MQ2_FLAG";
    /** Reconsume count of a client-resent retry message; moved into the send header. */
    public static final String RECONSUME_TIME = "RECONSUME_TIME";
    /** The broker's region id. */
    public static final String MSG_REGION = "MSG_REGION";
    /** "true" or "false": message tracing. */
    public static final String TRACE_ON = "TRACE_ON";
    /** The client's unique message id (UNIQ_KEY). */
    public static final String UNIQ_KEY = "UNIQ_KEY";
    /** Transaction offset. */
    public static final String TRANS_OFFSET = "TRANS_OFFSET";
    /** Extended unique information. */
    public static final String EXTEND_UNIQ_INFO = "EXTEND_UNIQ_INFO";
    /** Maximum reconsume count of a client-resent retry message. */
    public static final String MAX_RECONSUME_TIMES = "MAX_RECONSUME_TIMES";
    /** When consumption started (client side). */
    public static final String CONSUME_START_TIME = "CONSUME_START_TIME";
    /** Message priority (5.x). */
    public static final String PRIORITY = "_SYS_MSG_PRIORITY_";
    /** Number of messages in an inner batch. */
    public static final String INNER_NUM = "INNER_NUM";
    /** Base queue offset of an inner batch. */
    public static final String INNER_BASE = "INNER_BASE";
    /** Duplication information. */
    public static final String DUP_INFO = "DUP_INFO";
    /** Transaction check immunity in seconds. */
    public static final String CHECK_IMMUNITY_TIME_IN_SECONDS = "CHECK_IMMUNITY_TIME_IN_SECONDS";
    /** Queue offset of the prepared half message. */
    public static final String TRANSACTION_PREPARED_QUEUE_OFFSET = "TRAN_PREPARED_QUEUE_OFFSET";
    /** The producer's local transaction id. */
    public static final String TRANSACTION_ID = "__transactionId__";
    /** How many times the transaction was checked. */
    public static final String TRANSACTION_CHECK_TIMES = "TRANSACTION_CHECK_TIMES";
    /** The client's namespace. */
    public static final String INSTANCE_ID = "INSTANCE_ID";
    /** Request-reply correlation id. */
    public static final String CORRELATION_ID = "CORRELATION_ID";
    /** Request-reply: the requester's client id. */
    public static final String REPLY_TO_CLIENT = "REPLY_TO_CLIENT";
    /** Request-reply time to live. */
    public static final String TTL = "TTL";
    /** Request-reply arrival time. */
    public static final String ARRIVE_TIME = "ARRIVE_TIME";
    /** Request-reply push time. */
    public static final String PUSH_REPLY_TIME = "PUSH_REPLY_TIME";
    /** The broker's cluster name; used to build the reply topic. */
    public static final String CLUSTER = "CLUSTER";
    /** Message type ("reply" for request-reply). */
    public static final String MSG_TYPE = "MSG_TYPE";
    /** Pop checkpoint. */
    public static final String POP_CK = "POP_CK";
    /** Pop checkpoint offset. */
    public static final String POP_CK_OFFSET = "POP_CK_OFFSET";
    /** First pop time. */
    public static final String FIRST_POP_TIME = "1ST_POP_TIME";
    /** 5.x FIFO sharding key. */
    public static final String SHARDING_KEY = "__SHARDINGKEY";
    /** Forward queue id. */
    public static final String FORWARD_QUEUE_ID = "PROPERTY_FORWARD_QUEUE_ID";
    /** Redirect marker. */
    public static final String REDIRECT = "REDIRECT";
    /** Light message queue multi-dispatch targets. */
    public static final String INNER_MULTI_DISPATCH = "INNER_MULTI_DISPATCH";
    /** Light message queue multi-dispatch offsets. */
    public static final String INNER_MULTI_QUEUE_OFFSET = "INNER_MULTI_QUEUE_OFFSET";
    /** Trace context. */
    public static final String TRACE_CONTEXT = "TRACE_CONTEXT";
    /** 5.x arbitrary delay in seconds. */
    public static final String TIMER_DELAY_SEC = "TIMER_DELAY_SEC";
    /** 5.x delivery time in epoch milliseconds. */
    public static final String TIMER_DELIVER_MS = "TIMER_DELIVER_MS";
    /** 5.x arbitrary delay in milliseconds. */
    public static final String TIMER_DELAY_MS = "TIMER_DELAY_MS";
    /** Timer: enqueue time (broker internal). */
    public static final String TIMER_ENQUEUE_MS = "TIMER_ENQUEUE_MS";
    /** Timer: dequeue time (broker internal). */
    public static final String TIMER_DEQUEUE_MS = "TIMER_DEQUEUE_MS";
    /** Timer: roll count (broker internal). */
    public static final String TIMER_ROLL_TIMES = "TIMER_ROLL_TIMES";
    /** Timer: out time (broker internal). */
    public static final String TIMER_OUT_MS = "TIMER_OUT_MS";
    /** Timer: unique key of a deleted timer message (broker internal). */
    public static final String TIMER_DEL_UNIQKEY = "TIMER_DEL_UNIQKEY";
    /** Timer: delay level (broker internal). */
    public static final String TIMER_DELAY_LEVEL = "TIMER_DELAY_LEVEL";
    /** Proxy: the producer's address. */
    public static final String BORN_HOST = "__BORNHOST";
    /** Proxy: the born timestamp. */
    public static final String BORN_TIMESTAMP = "BORN_TIMESTAMP";
    /** The optional property CRC the broker appends when {@code enabledAppendPropCRC} is on. */
    public static final String CRC32 = "__CRC32#";
    /** Dead-letter: original topic. */
    public static final String DLQ_ORIGIN_TOPIC = "DLQ_ORIGIN_TOPIC";
    /** Dead-letter: original message id. */
    public static final String DLQ_ORIGIN_MESSAGE_ID = "DLQ_ORIGIN_MESSAGE_ID";
    /** Prefix of properties that are never stored. */
    public static final String TRANSIENT_PREFIX = "__RMQ.TRANSIENT.";

    private PropertyNames() {
    }
}
