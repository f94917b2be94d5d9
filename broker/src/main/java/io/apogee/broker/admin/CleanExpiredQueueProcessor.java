package io.apogee.broker.admin;

import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;

/**
 * CLEAN_EXPIRED_CONSUMEQUEUE (306), mqadmin's {@code cleanExpiredCQ}. RocketMQ drops, when asked, the consume-queue
 * files whose units all point below the commit log's start. Apogee's store does that each time retention deletes a
 * commit-log segment, in the same step, so no expired consume-queue file outlives its segment and the request finds
 * nothing left: it is answered SUCCESS, as RocketMQ answers it, and changes nothing.
 *
 * <p>Stateless; safe for any thread.
 */
public final class CleanExpiredQueueProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE};

    @Override
    public void process(Exchange exchange) {
        exchange.reply(ResponseCode.SUCCESS, null);
    }
}
