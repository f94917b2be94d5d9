package io.apogee.broker.namesrv;

import io.apogee.wire.code.RequestCode;
import java.util.Arrays;

/**
 * The request codes a RocketMQ 5.4.0 name server answers (its DefaultRequestProcessor and ClientRequestProcessor):
 * KV config, broker registration and heartbeats, routes, cluster info, topic lists, write permissions and its own
 * config. The embedded name server's port routes only these; any other code is answered REQUEST_CODE_NOT_SUPPORTED
 * there, as RocketMQ's name server answers it. Immutable.
 */
public final class NameServerCodes {
    private static final int[] ALL = {RequestCode.PUT_KV_CONFIG, RequestCode.GET_KV_CONFIG, RequestCode.DELETE_KV_CONFIG,
        RequestCode.REGISTER_BROKER, RequestCode.UNREGISTER_BROKER, RequestCode.GET_ROUTEINFO_BY_TOPIC,
        RequestCode.GET_BROKER_CLUSTER_INFO, RequestCode.WIPE_WRITE_PERM_OF_BROKER,
        RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, RequestCode.DELETE_TOPIC_IN_NAMESRV,
        RequestCode.REGISTER_TOPIC_IN_NAMESRV, RequestCode.GET_KVLIST_BY_NAMESPACE, RequestCode.GET_TOPICS_BY_CLUSTER,
        RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS, RequestCode.GET_UNIT_TOPIC_LIST, RequestCode.GET_HAS_UNIT_SUB_TOPIC_LIST,
        RequestCode.GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST, RequestCode.UPDATE_NAMESRV_CONFIG, RequestCode.GET_NAMESRV_CONFIG,
        RequestCode.QUERY_DATA_VERSION, RequestCode.ADD_WRITE_PERM_OF_BROKER, RequestCode.GET_BROKER_MEMBER_GROUP,
        RequestCode.BROKER_HEARTBEAT};

    private NameServerCodes() {
    }

    /** True when a RocketMQ name server answers {@code code}. */
    public static boolean isNameServerCode(int code) {
        for (int each : ALL) {
            if (each == code) {
                return true;
            }
        }
        return false;
    }

    /** The codes of {@code served} that a name server answers, in their order: the rest are not its business. */
    public static int[] of(int... served) {
        return Arrays.stream(served).filter(NameServerCodes::isNameServerCode).toArray();
    }
}
