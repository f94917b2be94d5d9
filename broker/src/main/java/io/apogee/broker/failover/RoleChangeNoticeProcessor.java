package io.apogee.broker.failover;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.ExtFields;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.io.IOException;
import java.util.function.IntConsumer;

/**
 * NOTIFY_BROKER_ROLE_CHANGED (1008): the controller's notice that a broker group has a new master, sent oneway by
 * its leader after each election, as RocketMQ 5.4.0's controller sends it. The header names the master's address, id
 * and epoch and the sync-state set's epoch; the body is the sync-state set. Every field is checked; a bad notice is
 * dropped (answered INVALID_PARAMETER when it is not oneway). A good one hands its master epoch to the broker, which
 * acts on it at once when it is newer than its own.
 *
 * <p>Runs on the admin executor thread and only hands the epoch on; stateless otherwise.
 */
public final class RoleChangeNoticeProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.NOTIFY_BROKER_ROLE_CHANGED};
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final IntConsumer onNotice;

    /** A processor that gives the master epoch of each well-formed notice to {@code onNotice}. */
    public RoleChangeNoticeProcessor(IntConsumer onNotice) {
        this.onNotice = onNotice;
    }

    @Override
    public void process(Exchange exchange) {
        int masterEpoch;
        try {
            masterEpoch = check(exchange.request().ext(), exchange.body());
        } catch (IllegalArgumentException e) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "NOTIFY_BROKER_ROLE_CHANGED: " + e.getMessage());
            return;
        }
        onNotice.accept(masterEpoch);
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    /** The notice's master epoch, once every field is checked. */
    static int check(ExtFields ext, ByteBuf body) {
        String address = ext.get("masterAddress");
        if (address == null || address.isBlank() || address.indexOf(':') <= 0) {
            throw new IllegalArgumentException("masterAddress must be host:port, not " + address);
        }
        number(ext.get("masterBrokerId"), "masterBrokerId", Long.MAX_VALUE);
        number(ext.get("syncStateSetEpoch"), "syncStateSetEpoch", Integer.MAX_VALUE);
        int masterEpoch = (int) number(ext.get("masterEpoch"), "masterEpoch", Integer.MAX_VALUE);
        if (body != null && body.isReadable()) {
            checkSyncStateSet(body);
        }
        return masterEpoch;
    }

    /** The body, RocketMQ's SyncStateSet: {@code {"syncStateSet":[1,2],"syncStateSetEpoch":3}}. */
    private static void checkSyncStateSet(ByteBuf body) {
        JsonNode json;
        try {
            json = MAPPER.readTree(ByteBufUtil.getBytes(body));
        } catch (IOException e) {
            throw new IllegalArgumentException("the body is not JSON: " + e.getMessage(), e);
        }
        JsonNode members = json == null ? null : json.get("syncStateSet");
        if (members == null || !members.isArray()) {
            throw new IllegalArgumentException("the body names no syncStateSet array");
        }
        for (JsonNode member : members) {
            if (!member.canConvertToLong() || !member.isIntegralNumber() || member.asLong() < 0) {
                throw new IllegalArgumentException("syncStateSet member " + member + " is not a broker id");
            }
        }
    }

    /** {@code value} as a number from 0 to {@code max}. */
    private static long number(String value, String field, long max) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is missing");
        }
        long number;
        try {
            number = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + " is not a number: '" + value + "'", e);
        }
        if (number < 0 || number > max) {
            throw new IllegalArgumentException(field + " is out of range: " + number);
        }
        return number;
    }
}
