package io.apogee.wire.code;

import java.util.Arrays;

/**
 * A sorted table from protocol codes to the names of their constants, searched by binary search so that naming a
 * code allocates nothing. {@link RequestCode} and {@link ResponseCode} each keep one.
 *
 * <p>Immutable once built, so safe for any thread; the {@link Builder} is for one thread during class
 * initialisation.
 */
final class CodeNames {
    private final int[] codes;
    private final String[] names;

    private CodeNames(int[] codes, String[] names) {
        this.codes = codes;
        this.names = names;
    }

    static Builder builder() {
        return new Builder();
    }

    /** The name of {@code code}, or null. */
    String name(int code) {
        int at = Arrays.binarySearch(codes, code);
        return at >= 0 ? names[at] : null;
    }

    /** {@code "NAME(code)"}, or the bare number for an unknown code. */
    String describe(int code) {
        String name = name(code);
        return name == null ? Integer.toString(code) : name + '(' + code + ')';
    }

    /** Collects code and name pairs in any order; {@link #build()} sorts them and rejects a code given twice. */
    static final class Builder {
        private int[] codes = new int[64];
        private String[] names = new String[64];
        private int count;

        Builder add(int code, String name) {
            if (count == codes.length) {
                codes = Arrays.copyOf(codes, count * 2);
                names = Arrays.copyOf(names, count * 2);
            }
            codes[count] = code;
            names[count] = name;
            count++;
            return this;
        }

        CodeNames build() {
            Integer[] order = new Integer[count];
            for (int i = 0; i < count; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Integer.compare(codes[a], codes[b]));
            int[] sortedCodes = new int[count];
            String[] sortedNames = new String[count];
            for (int i = 0; i < count; i++) {
                sortedCodes[i] = codes[order[i]];
                sortedNames[i] = names[order[i]];
                if (i > 0 && sortedCodes[i] == sortedCodes[i - 1]) {
                    throw new IllegalStateException("code " + sortedCodes[i] + " named twice: " + sortedNames[i - 1]
                        + " and " + sortedNames[i]);
                }
            }
            return new CodeNames(sortedCodes, sortedNames);
        }
    }
}
