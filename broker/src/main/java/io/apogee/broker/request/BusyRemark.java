package io.apogee.broker.request;

/** RocketMQ's remark for a request refused because the broker is busy, with what was full. Stateless. */
public final class BusyRemark {
    /** RocketMQ's remark when a processor's queue is full. */
    public static final String PREFIX = "[REJECTREQUEST]system busy, start flow control for a while";

    private BusyRemark() {
    }

    /** The remark naming {@code reason}. */
    public static String of(String reason) {
        return PREFIX + ": " + reason;
    }
}
