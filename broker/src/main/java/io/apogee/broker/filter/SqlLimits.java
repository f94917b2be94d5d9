package io.apogee.broker.filter;

/**
 * The bounds an SQL92 subscription must stay within to be compiled: its length in characters and how deep it
 * nests. Checked at compile time, so a compiled filter evaluates in bounded stack depth on the pull thread, and a
 * hostile expression costs the broker neither a StackOverflowError nor quadratic work.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param maxLength the most characters an expression may have ({@value #MAX_LENGTH_KEY})
 * @param maxDepth  the most levels an expression may nest: parentheses, NOT, signs, and conditions used as values
 *                  ({@value #MAX_DEPTH_KEY})
 */
public record SqlLimits(int maxLength, int maxDepth) {
    /** The setting that bounds an expression's length. */
    public static final String MAX_LENGTH_KEY = "filterExpressionMaxLength";
    /** The setting that bounds an expression's nesting. */
    public static final String MAX_DEPTH_KEY = "filterExpressionMaxDepth";
    /** The default of {@value #MAX_LENGTH_KEY}: far above any selector written by hand. */
    public static final int DEFAULT_MAX_LENGTH = 16_384;
    /** The default of {@value #MAX_DEPTH_KEY}: far above any selector written by hand, far below any stack's limit. */
    public static final int DEFAULT_MAX_DEPTH = 100;
    /** The limits of a broker that sets neither. */
    public static final SqlLimits DEFAULT = new SqlLimits(DEFAULT_MAX_LENGTH, DEFAULT_MAX_DEPTH);

    /** Checks that both limits are positive. */
    public SqlLimits {
        if (maxLength < 1 || maxDepth < 1) {
            throw new IllegalArgumentException("limits must be positive: " + maxLength + ", " + maxDepth);
        }
    }
}
