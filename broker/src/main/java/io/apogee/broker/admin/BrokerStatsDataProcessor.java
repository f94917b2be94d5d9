package io.apogee.broker.admin;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;

/**
 * VIEW_BROKER_STATS_DATA (315), what mqadmin's {@code statsAll} and {@code brokerStats}-style views read: RocketMQ's
 * BrokerStatsData of one statistics item, its growth ({@code sum}) and rate ({@code tps}) over the last minute, hour
 * and day, from {@link RuntimeStats}. The items are {@code TOPIC_PUT_NUMS} of a topic and {@code GROUP_GET_NUMS} of
 * {@code topic@group}; any other, or one not read yet, is SYSTEM_ERROR with RocketMQ's remark. Apogee does not count
 * requests, so {@code avgpt} (messages per request in RocketMQ) is 0.
 *
 * <p>Runs on the admin executor thread; the statistics are thread-safe.
 */
public final class BrokerStatsDataProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.VIEW_BROKER_STATS_DATA};

    private final RuntimeStats stats;

    /** Answers from {@code stats}. */
    public BrokerStatsDataProcessor(RuntimeStats stats) {
        this.stats = stats;
    }

    @Override
    public void process(Exchange exchange) {
        String name = exchange.request().ext().get("statsName");
        String key = exchange.request().ext().get("statsKey");
        if (name == null || key == null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "statsName and statsKey are required");
            return;
        }
        RuntimeStats.StatsSpans spans = stats.statsData(name, key);
        if (spans == null) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "The stats <" + name + "> <" + key + "> not exist");
            return;
        }
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        span(root.putObject("statsMinute"), spans.minuteSum(), spans.minuteTps());
        span(root.putObject("statsHour"), spans.hourSum(), spans.hourTps());
        span(root.putObject("statsDay"), spans.daySum(), spans.dayTps());
        exchange.replyJson(root);
    }

    private static void span(ObjectNode node, long sum, double tps) {
        node.put("avgpt", 0.0);
        node.put("sum", sum);
        node.put("tps", tps);
    }
}
