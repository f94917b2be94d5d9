package io.apogee.broker.admin;

import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.wire.code.RequestCode;
import java.nio.charset.StandardCharsets;

/**
 * GET_ALL_MESSAGE_REQUEST_MODE (402): the pull or POP mode set per topic and group, which a RocketMQ 5.x slave copies
 * from its master each minute ({@code SlaveSynchronize#syncMessageRequestMode}). Apogee serves no POP consumption and
 * takes no SET_MESSAGE_REQUEST_MODE, so its table is always empty: the answer is RocketMQ's
 * {@code MessageRequestModeSerializeWrapper} with an empty map, and a slave keeps no modes either.
 *
 * <p>Stateless; runs on the admin executor thread.
 */
public final class MessageRequestModeProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_ALL_MESSAGE_REQUEST_MODE};
    private static final byte[] NO_MODES = "{\"messageRequestModeMap\":{}}".getBytes(StandardCharsets.UTF_8);

    @Override
    public void process(Exchange exchange) {
        exchange.replyJson(NO_MODES.clone());
    }
}
