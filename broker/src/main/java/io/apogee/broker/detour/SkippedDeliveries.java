package io.apogee.broker.detour;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The parked messages a delivering service gave up on, because no retry could ever deliver them: each is logged once
 * (where it was parked and why) and counted. RocketMQ's schedule service has no dead end for them either; it logs
 * and, for a put that keeps failing, tries for ever, which holds back every later message of the level.
 *
 * <p>Written by the one thread of its service; {@link #count()} may be read from any thread.
 */
public final class SkippedDeliveries {
    private static final Logger LOG = LoggerFactory.getLogger(SkippedDeliveries.class);

    private final String service;
    private volatile long count;

    /** The skipped deliveries of {@code service} (named in the log). */
    public SkippedDeliveries(String service) {
        this.service = service;
    }

    /** Logs and counts one skipped message, parked at {@code where}, for {@code reason}. Its service's thread only. */
    public void skip(String where, String reason) {
        long skipped = count + 1;
        count = skipped;
        LOG.error("{}: the message parked at {} cannot be delivered ({}); skipped, {} so far", service, where, reason,
            skipped);
    }

    /** How many messages were skipped since start. */
    public long count() {
        return count;
    }
}
