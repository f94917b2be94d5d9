package io.apogee.client.consumer;

/**
 * Where a group starts on a queue it has no committed offset for: the first offset, the last (only new
 * messages), or the first message stored at or after a timestamp. Immutable.
 */
public final class ConsumeFrom {
    /** From the first offset of the queue. */
    public static final ConsumeFrom FIRST = new ConsumeFrom(Kind.FIRST, 0);
    /** From the end of the queue: only messages that arrive later. */
    public static final ConsumeFrom LAST = new ConsumeFrom(Kind.LAST, 0);

    private final Kind kind;
    private final long timestampMillis;

    private ConsumeFrom(Kind kind, long timestampMillis) {
        this.kind = kind;
        this.timestampMillis = timestampMillis;
    }

    /** From the first message stored at or after {@code timestampMillis}. */
    public static ConsumeFrom timestamp(long timestampMillis) {
        return new ConsumeFrom(Kind.TIMESTAMP, timestampMillis);
    }

    /** Which of the three. */
    public Kind kind() {
        return kind;
    }

    /** The timestamp of {@link Kind#TIMESTAMP}, else 0. */
    public long timestampMillis() {
        return timestampMillis;
    }

    /** The name heartbeats carry ({@code consumeFromWhere}). */
    String heartbeatName() {
        return switch (kind) {
            case FIRST -> "CONSUME_FROM_FIRST_OFFSET";
            case LAST -> "CONSUME_FROM_LAST_OFFSET";
            case TIMESTAMP -> "CONSUME_FROM_TIMESTAMP";
        };
    }

    /** The three starting points. */
    public enum Kind {
        /** The first offset. */
        FIRST,
        /** The last offset. */
        LAST,
        /** A timestamp. */
        TIMESTAMP
    }

    @Override
    public String toString() {
        return kind == Kind.TIMESTAMP ? "TIMESTAMP(" + timestampMillis + ")" : kind.name();
    }
}
