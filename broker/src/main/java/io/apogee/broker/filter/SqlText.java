package io.apogee.broker.filter;

/**
 * The text an error message shows for a part of an expression, cut to {@value #MAX_CHARS} characters. Each part's
 * text is built from its parts' texts, so without the cut a long chain would copy its prefix again at every step
 * (quadratic in the expression's length).
 *
 * <p>Stateless; safe for any thread.
 */
final class SqlText {
    /** The most characters a part's text keeps before it is cut. */
    static final int MAX_CHARS = 120;
    private static final String CUT = "...";

    private SqlText() {
    }

    /** {@code parts} joined, cut to {@link #MAX_CHARS} characters plus a mark that it was cut. */
    static String join(String... parts) {
        StringBuilder text = new StringBuilder(MAX_CHARS + CUT.length());
        for (String part : parts) {
            int room = MAX_CHARS - text.length();
            if (part.length() > room) {
                return text.append(part, 0, room).append(CUT).toString();
            }
            text.append(part);
        }
        return text.toString();
    }
}
