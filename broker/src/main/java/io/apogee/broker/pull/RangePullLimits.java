package io.apogee.broker.pull;

/**
 * The caps of a range pull: a PULL_MESSAGE whose sysFlag carries {@link #SYS_FLAG} (Apogee's client sets it) may be
 * answered with up to {@code maxMessages} messages and {@code maxBytes} bytes, where other pulls get at most
 * {@value PullRead#MAX_MESSAGES} messages and 256 KiB. Apache RocketMQ ignores the bit and answers with its own caps,
 * so the official clients' pulls and answers stay as they were. Immutable.
 *
 * @param maxMessages the most messages one range pull returns
 * @param maxBytes    the most bytes one range pull returns (at least one message is always returned)
 */
public record RangePullLimits(int maxMessages, int maxBytes) {
    /** The sysFlag bit of a range pull; RocketMQ's own bits end at 16 (lite pull). */
    public static final int SYS_FLAG = 1 << 10;
    /** The setting of {@link #maxMessages}. */
    public static final String MAX_MESSAGES_SETTING = "rangePullMaxMessages";
    /** The setting of {@link #maxBytes}. */
    public static final String MAX_BYTES_SETTING = "rangePullMaxBytes";
    /** The default of {@link #maxMessages}. */
    public static final int DEFAULT_MAX_MESSAGES = 4096;
    /** The default of {@link #maxBytes}: 1 MiB. */
    public static final int DEFAULT_MAX_BYTES = 1 << 20;
    /** The smallest {@link #maxMessages} accepted: what any pull may return. */
    public static final int SMALLEST_MAX_MESSAGES = PullRead.MAX_MESSAGES;
    /** The largest {@link #maxMessages} accepted. */
    public static final int LARGEST_MAX_MESSAGES = 65_536;

    /** Checks the ranges. */
    public RangePullLimits {
        if (maxMessages < SMALLEST_MAX_MESSAGES || maxMessages > LARGEST_MAX_MESSAGES) {
            throw new IllegalArgumentException(MAX_MESSAGES_SETTING + " must be " + SMALLEST_MAX_MESSAGES + " to "
                + LARGEST_MAX_MESSAGES + ": " + maxMessages);
        }
        if (maxBytes < 1) {
            throw new IllegalArgumentException(MAX_BYTES_SETTING + " must be positive: " + maxBytes);
        }
    }

    /** The defaults. */
    public static RangePullLimits defaults() {
        return new RangePullLimits(DEFAULT_MAX_MESSAGES, DEFAULT_MAX_BYTES);
    }
}
