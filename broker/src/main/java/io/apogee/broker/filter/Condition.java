package io.apogee.broker.filter;

import io.apogee.wire.message.PropertiesReader;

/**
 * A compiled boolean part of a filter expression, evaluated with RocketMQ's three-valued logic plus an error state:
 * {@link #TRUE}, {@link #FALSE}, {@link #UNKNOWN} (SQL's NULL, for example a comparison with a missing property),
 * or {@link #ERROR} (RocketMQ's evaluation threw, for example a non-numeric property compared with a number), which
 * ends the evaluation and makes the message not match.
 *
 * <p>Implementations are immutable and allocate nothing; safe for any thread, each with its own reader.
 */
interface Condition {
    /** False. */
    int FALSE = 0;
    /** True. */
    int TRUE = 1;
    /** Neither: SQL's NULL. */
    int UNKNOWN = 2;
    /** The evaluation failed; the whole expression is not matched. */
    int ERROR = 3;

    /** This condition's value for the message whose properties {@code properties} reads. */
    int evaluate(PropertiesReader properties);
}
