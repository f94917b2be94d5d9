package io.apogee.wire.header;

import io.apogee.wire.frame.ExtFields;

/**
 * A header whose required field is missing, or whose field does not parse as its type. The message names the
 * header and the field, e.g. {@code "PullMessageRequestHeader: required field 'queueId' is missing"}, so that it
 * can go straight into a response remark. Apache RocketMQ answers such requests with {@code SYSTEM_ERROR} and the
 * exception text as remark; which code to send is the broker's choice. Stackless (it reports bad input, not a bug)
 * and immutable, so safe to hand to any thread.
 */
public final class MalformedHeaderException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final int MAX_QUOTED_CHARS = 64;

    /** What is wrong with the field. */
    public enum Problem {
        /** The field is required but absent or null. */
        MISSING,
        /** The field is present but not a value of its type. */
        MALFORMED
    }

    private final String header;
    private final String field;
    private final Problem problem;

    private MalformedHeaderException(String header, String field, Problem problem, String message) {
        super(message, null, false, false);
        this.header = header;
        this.field = field;
        this.problem = problem;
    }

    /** A required field that is absent. {@code field} is the ext key, with its meaning for one-letter keys. */
    public static MalformedHeaderException missing(String header, String field) {
        return new MalformedHeaderException(header, field, Problem.MISSING,
            header + ": required field '" + field + "' is missing");
    }

    /** A field whose value, entry {@code index} of {@code ext}, is not {@code expected} (e.g. "an int"). */
    public static MalformedHeaderException malformed(String header, String field, String expected, ExtFields ext,
                                                     int index) {
        String value = ext.valueString(index);
        String quoted = value.length() > MAX_QUOTED_CHARS ? value.substring(0, MAX_QUOTED_CHARS) + "..." : value;
        return new MalformedHeaderException(header, field, Problem.MALFORMED,
            header + ": field '" + field + "' is not " + expected + ": '" + quoted + "'");
    }

    /** The header's name, e.g. {@code "PullMessageRequestHeader"}. */
    public String header() {
        return header;
    }

    /** The ext key of the field, e.g. {@code "queueId"}, or {@code "b (topic)"} for a one-letter key. */
    public String field() {
        return field;
    }

    /** Whether the field is missing or malformed. */
    public Problem problem() {
        return problem;
    }
}
