package io.apogee.streams.protocol;

/**
 * The command keys of RabbitMQ's stream protocol (PROTOCOL.adoc of the {@code rabbitmq_stream} plugin). A response
 * carries its request's key with {@link #RESPONSE_FLAG} set.
 *
 * <p>Constants only; safe for any thread.
 */
public final class CommandKey {
    /** The top bit of a key: set on responses. */
    public static final int RESPONSE_FLAG = 0x8000;
    public static final int DECLARE_PUBLISHER = 0x0001;
    public static final int PUBLISH = 0x0002;
    public static final int PUBLISH_CONFIRM = 0x0003;
    public static final int PUBLISH_ERROR = 0x0004;
    public static final int QUERY_PUBLISHER_SEQUENCE = 0x0005;
    public static final int DELETE_PUBLISHER = 0x0006;
    public static final int SUBSCRIBE = 0x0007;
    public static final int DELIVER = 0x0008;
    public static final int CREDIT = 0x0009;
    public static final int STORE_OFFSET = 0x000a;
    public static final int QUERY_OFFSET = 0x000b;
    public static final int UNSUBSCRIBE = 0x000c;
    public static final int CREATE = 0x000d;
    public static final int DELETE = 0x000e;
    public static final int METADATA = 0x000f;
    public static final int METADATA_UPDATE = 0x0010;
    public static final int PEER_PROPERTIES = 0x0011;
    public static final int SASL_HANDSHAKE = 0x0012;
    public static final int SASL_AUTHENTICATE = 0x0013;
    public static final int TUNE = 0x0014;
    public static final int OPEN = 0x0015;
    public static final int CLOSE = 0x0016;
    public static final int HEARTBEAT = 0x0017;
    public static final int ROUTE = 0x0018;
    public static final int PARTITIONS = 0x0019;
    public static final int CONSUMER_UPDATE = 0x001a;
    public static final int EXCHANGE_COMMAND_VERSIONS = 0x001b;
    public static final int STREAM_STATS = 0x001c;
    public static final int CREATE_SUPER_STREAM = 0x001d;
    public static final int DELETE_SUPER_STREAM = 0x001e;
    public static final int RESOLVE_OFFSET_SPEC = 0x001f;

    private CommandKey() {
    }
}
