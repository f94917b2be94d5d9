package io.apogee.broker.filter;

import io.apogee.wire.message.PropertiesReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code property [NOT] IN ('a', 'b', ...)}: UNKNOWN when the property is absent, otherwise whether its value is
 * (or, with NOT, is not) one of the strings.
 *
 * <p>Immutable; safe for any thread.
 */
final class Membership implements Condition {
    private final String property;
    private final byte[][] values;
    private final boolean negated;

    Membership(String property, List<String> values, boolean negated) {
        this.property = property;
        this.values = values.stream().map(value -> value.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
        this.negated = negated;
    }

    @Override
    public int evaluate(PropertiesReader properties) {
        if (!properties.find(property)) {
            return UNKNOWN;
        }
        boolean found = false;
        for (byte[] value : values) {
            if (equals(properties.buffer(), properties.valueOffset(), properties.valueLength(), value)) {
                found = true;
                break;
            }
        }
        return found != negated ? TRUE : FALSE;
    }

    private static boolean equals(ByteBuffer buffer, int offset, int length, byte[] value) {
        if (length != value.length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (buffer.get(offset + i) != value[i]) {
                return false;
            }
        }
        return true;
    }
}
