package io.apogee.broker.failover;

/**
 * A controller's refusal, or no answer from any controller replica. Carries RocketMQ's response code (-1 when
 * nothing answered) and the remark.
 */
public final class ControllerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** No controller replica answered. */
    public static final int NO_ANSWER = -1;

    private final int code;

    ControllerException(int code, String message) {
        super(message);
        this.code = code;
    }

    /** RocketMQ's response code of the refusal, or {@link #NO_ANSWER}. */
    public int code() {
        return code;
    }
}
