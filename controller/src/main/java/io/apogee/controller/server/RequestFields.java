package io.apogee.controller.server;

import io.apogee.wire.frame.ExtFields;

/**
 * Reads and checks the header fields of a controller request where they enter: a missing or malformed value is an
 * {@link IllegalArgumentException} whose message names the field, answered as CONTROLLER_INVALID_REQUEST.
 * Stateless.
 */
final class RequestFields {
    private RequestFields() {
    }

    /** The non-blank text of {@code key}. */
    static String text(ExtFields fields, String key) {
        String value = fields.get(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(key + " is required");
        }
        return value.strip();
    }

    /** The text of {@code key}, or {@code fallback} when it is absent. */
    static String text(ExtFields fields, String key, String fallback) {
        String value = fields.get(key);
        return value == null || value.isBlank() ? fallback : value.strip();
    }

    /** The number in {@code key}, which must be present. */
    static long number(ExtFields fields, String key) {
        return parse(key, text(fields, key));
    }

    /** The number in {@code key}, or {@code fallback} when it is absent. */
    static long number(ExtFields fields, String key, long fallback) {
        String value = fields.get(key);
        return value == null || value.isBlank() ? fallback : parse(key, value.strip());
    }

    /** The epoch in {@code key}: a present, non-negative int. */
    static int epoch(ExtFields fields, String key) {
        long value = number(fields, key);
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(key + " is not an epoch: " + value);
        }
        return (int) value;
    }

    /** The flag in {@code key}; absent is false. */
    static boolean flag(ExtFields fields, String key) {
        String value = text(fields, key, "false");
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(key + " is neither true nor false: '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    private static long parse(String key, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " is not a number: '" + value + "'", e);
        }
    }
}
