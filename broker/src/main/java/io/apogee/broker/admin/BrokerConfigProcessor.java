package io.apogee.broker.admin;

import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * GET_BROKER_CONFIG (26) and UPDATE_BROKER_CONFIG (25), mqadmin's {@code getBrokerConfig} and
 * {@code updateBrokerConfig}. Both carry the config as a properties text in the body, one {@code key=value} line per
 * key, as RocketMQ does. An update changes the keys {@link BrokerSettings} allows all together; one that is read at
 * start-up only is refused with NO_PERMISSION (as RocketMQ refuses its black-listed keys), an unknown key, a bad value
 * or a body that is not a properties text with INVALID_PARAMETER, each remark naming the key. An update without a
 * body changes nothing, as in RocketMQ.
 *
 * <p>Runs on the admin executor thread; the settings are thread-safe.
 */
public final class BrokerConfigProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_BROKER_CONFIG, RequestCode.UPDATE_BROKER_CONFIG};

    private final BrokerSettings settings;

    /** Shows and changes {@code settings}. */
    public BrokerConfigProcessor(BrokerSettings settings) {
        this.settings = settings;
    }

    @Override
    public void process(Exchange exchange) {
        switch (exchange.request().code()) {
            case RequestCode.GET_BROKER_CONFIG -> get(exchange);
            case RequestCode.UPDATE_BROKER_CONFIG -> update(exchange);
            default -> throw new IllegalArgumentException("not a broker config code: " + exchange.request().code());
        }
    }

    /** The key-value pairs of a properties text (keys and values trimmed), or null when it is not one. */
    public static Map<String, String> pairs(String text) {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
        Map<String, String> pairs = new TreeMap<>();
        properties.stringPropertyNames().forEach(name -> pairs.put(name.trim(), properties.getProperty(name).trim()));
        return pairs;
    }

    private void get(Exchange exchange) {
        StringBuilder text = new StringBuilder();
        settings.current().forEach((key, value) -> text.append(key).append('=').append(escaped(value)).append('\n'));
        exchange.responseHeader(ResponseCode.SUCCESS, null);
        exchange.replyWith(Unpooled.wrappedBuffer(text.toString().getBytes(StandardCharsets.UTF_8)));
    }

    private void update(Exchange exchange) {
        ByteBuf body = exchange.body();
        if (body == null || !body.isReadable()) {
            exchange.reply(ResponseCode.SUCCESS, null);
            return;
        }
        Map<String, String> changes = pairs(body.toString(StandardCharsets.UTF_8));
        if (changes == null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "the body is not a properties text");
            return;
        }
        BrokerSettings.Refusal refusal = settings.update(changes);
        if (refusal == null) {
            exchange.reply(ResponseCode.SUCCESS, null);
        } else {
            exchange.reply(refusal.startUpOnly() ? ResponseCode.NO_PERMISSION : ResponseCode.INVALID_PARAMETER,
                refusal.remark());
        }
    }

    /** A value as a properties text reads it back: backslashes and line ends escaped. */
    private static String escaped(String value) {
        return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }
}
