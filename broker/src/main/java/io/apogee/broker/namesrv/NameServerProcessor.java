package io.apogee.broker.namesrv;

import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.util.function.Supplier;

/**
 * GET_ROUTEINFO_BY_TOPIC (105), GET_BROKER_CLUSTER_INFO (106) and GET_ALL_TOPIC_LIST_FROM_NAMESERVER (206), from this
 * broker's topic table. A topic that does not exist is TOPIC_NOT_EXIST with the name server's remark; TBW102 is
 * there while auto-creation is on. Runs on the admin executor thread.
 */
public final class NameServerProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_ROUTEINFO_BY_TOPIC, RequestCode.GET_BROKER_CLUSTER_INFO,
        RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER};
    private static final String FAQ = "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.";

    private final TopicRegistry topics;
    private final Supplier<BrokerIdentity> identity;
    private final RouteJson json = new RouteJson();

    /** A processor answering from {@code topics} for the broker {@code identity} names (once it is bound). */
    public NameServerProcessor(TopicRegistry topics, Supplier<BrokerIdentity> identity) {
        this.topics = topics;
        this.identity = identity;
    }

    @Override
    public void process(Exchange exchange) {
        switch (exchange.request().code()) {
            case RequestCode.GET_ROUTEINFO_BY_TOPIC -> route(exchange);
            case RequestCode.GET_BROKER_CLUSTER_INFO -> exchange.replyJson(json.clusterInfo(identity.get()));
            case RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER -> exchange.replyJson(json.topicList(topics.all()));
            default -> throw new IllegalArgumentException("not a name-server code: " + exchange.request().code());
        }
    }

    private void route(Exchange exchange) {
        String topic = exchange.request().ext().get("topic");
        TopicConfig config = topic == null ? null : topics.get(topic);
        if (config == null) {
            exchange.reply(ResponseCode.TOPIC_NOT_EXIST,
                "No topic route info in name server for the topic: " + topic + FAQ);
            return;
        }
        exchange.replyJson(json.route(identity.get(), config));
    }
}
