package io.apogee.wire.header;

import io.apogee.common.text.AsciiNumbers;
import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * How one ext key maps to one field of header class {@code H}: the key, whether the field is required, defaulted or
 * optional (see {@link CommandHeader}), and how it is read from and written to {@link ExtFields}. A
 * {@link HeaderSchema} holds one per field. The accessors are non-capturing lambdas over the header's fields, so a
 * descriptor allocates nothing itself; only boxing an optional number above 127 does.
 *
 * <p>Immutable and shared by every instance of {@code H}, so safe for any thread.
 */
abstract class HeaderField<H> {
    /** Whether a field must be present, falls back to a default, or may be absent. */
    enum Presence {
        REQUIRED, DEFAULTED, OPTIONAL
    }

    private static final String AN_INT = "an int";
    private static final String A_LONG = "a long";

    private final String key;
    private final Presence presence;

    HeaderField(String key, Presence presence) {
        this.key = key;
        this.presence = presence;
    }

    final String key() {
        return key;
    }

    final Presence presence() {
        return presence;
    }

    /** Sets the field to absent, zero or its default. */
    abstract void clear(H header);

    /** False only for an absent optional field (or a required string not set yet). */
    abstract boolean isSet(H header);

    /** Reads entry {@code index} of {@code ext}, whose value is not null; false if it does not parse. */
    abstract boolean read(H header, ExtFields ext, int index, InternTable names);

    /** Appends this field, which {@link #isSet is set}, to {@code out}. */
    abstract void write(H header, ExtFields out);

    /** The field's value, boxed, for {@code toString}. */
    abstract Object value(H header);

    /** What a value must be, for error messages: "an int". */
    String expected() {
        return "text";
    }

    // ---- factories ------------------------------------------------------------------------------------------------

    /** A topic, group, broker or cluster name: decoded through the intern table. */
    static <H> HeaderField<H> name(String key, Presence presence, Function<H, String> get, BiConsumer<H, String> set) {
        return new StringField<>(key, presence, true, get, set);
    }

    /** Free text (ids, keys, expressions): decoded into a new string. */
    static <H> HeaderField<H> text(String key, Presence presence, Function<H, String> get, BiConsumer<H, String> set) {
        return new StringField<>(key, presence, false, get, set);
    }

    static <H> HeaderField<H> requiredInt(String key, ToIntFunction<H> get, ObjIntConsumer<H> set) {
        return new IntField<>(key, Presence.REQUIRED, 0, get, set);
    }

    static <H> HeaderField<H> defaultedInt(String key, int defaultValue, ToIntFunction<H> get, ObjIntConsumer<H> set) {
        return new IntField<>(key, Presence.DEFAULTED, defaultValue, get, set);
    }

    static <H> HeaderField<H> requiredLong(String key, ToLongFunction<H> get, ObjLongConsumer<H> set) {
        return new LongField<>(key, get, set);
    }

    static <H> HeaderField<H> defaultedBoolean(String key, boolean defaultValue, Predicate<H> get,
                                               BiConsumer<H, Boolean> set) {
        return new BooleanField<>(key, defaultValue, get, set);
    }

    static <H> HeaderField<H> optionalInt(String key, Function<H, Integer> get, BiConsumer<H, Integer> set) {
        return new BoxedField<>(key, AN_INT, HeaderField::parseInteger, (out, k, v) -> out.add(k, v.longValue()), get, set);
    }

    static <H> HeaderField<H> optionalLong(String key, Function<H, Long> get, BiConsumer<H, Long> set) {
        return new BoxedField<>(key, A_LONG, HeaderField::parseLong, (out, k, v) -> out.add(k, v.longValue()), get, set);
    }

    static <H> HeaderField<H> optionalBoolean(String key, Function<H, Boolean> get, BiConsumer<H, Boolean> set) {
        return new BoxedField<>(key, "a boolean", (ext, i) -> ext.valueBoolean(i), (out, k, v) -> out.add(k, v.booleanValue()),
            get, set);
    }

    static <H> HeaderField<H> optionalBoundaryType(String key, Function<H, BoundaryType> get,
                                                   BiConsumer<H, BoundaryType> set) {
        return new BoxedField<>(key, "a boundary type", BoundaryType::parse, (out, k, v) -> out.add(k, v.name()), get, set);
    }

    /** The int value of entry {@code index}, or {@link AsciiNumbers#INVALID} when it is not one. */
    static long intValue(ExtFields ext, int index) {
        long value = ext.valueLong(index);
        return value < Integer.MIN_VALUE || value > Integer.MAX_VALUE ? AsciiNumbers.INVALID : value;
    }

    private static Integer parseInteger(ExtFields ext, int index) {
        long value = intValue(ext, index);
        return value == AsciiNumbers.INVALID ? null : Integer.valueOf((int) value);
    }

    private static Long parseLong(ExtFields ext, int index) {
        long value = ext.valueLong(index);
        return value == AsciiNumbers.INVALID ? null : Long.valueOf(value);
    }

    // ---- kinds ----------------------------------------------------------------------------------------------------

    private static final class StringField<H> extends HeaderField<H> {
        private final boolean interned;
        private final Function<H, String> get;
        private final BiConsumer<H, String> set;

        StringField(String key, Presence presence, boolean interned, Function<H, String> get, BiConsumer<H, String> set) {
            super(key, presence);
            this.interned = interned;
            this.get = get;
            this.set = set;
        }

        @Override
        void clear(H header) {
            set.accept(header, null);
        }

        @Override
        boolean isSet(H header) {
            return get.apply(header) != null;
        }

        @Override
        boolean read(H header, ExtFields ext, int index, InternTable names) {
            set.accept(header, interned ? ext.valueInterned(index, names) : ext.valueString(index));
            return true;
        }

        @Override
        void write(H header, ExtFields out) {
            out.add(key(), get.apply(header));
        }

        @Override
        Object value(H header) {
            return get.apply(header);
        }
    }

    private static final class IntField<H> extends HeaderField<H> {
        private final int defaultValue;
        private final ToIntFunction<H> get;
        private final ObjIntConsumer<H> set;

        IntField(String key, Presence presence, int defaultValue, ToIntFunction<H> get, ObjIntConsumer<H> set) {
            super(key, presence);
            this.defaultValue = defaultValue;
            this.get = get;
            this.set = set;
        }

        @Override
        void clear(H header) {
            set.accept(header, defaultValue);
        }

        @Override
        boolean isSet(H header) {
            return true;
        }

        @Override
        boolean read(H header, ExtFields ext, int index, InternTable names) {
            long value = intValue(ext, index);
            if (value == AsciiNumbers.INVALID) {
                return false;
            }
            set.accept(header, (int) value);
            return true;
        }

        @Override
        void write(H header, ExtFields out) {
            out.add(key(), get.applyAsInt(header));
        }

        @Override
        Object value(H header) {
            return get.applyAsInt(header);
        }

        @Override
        String expected() {
            return AN_INT;
        }
    }

    private static final class LongField<H> extends HeaderField<H> {
        private final ToLongFunction<H> get;
        private final ObjLongConsumer<H> set;

        LongField(String key, ToLongFunction<H> get, ObjLongConsumer<H> set) {
            super(key, Presence.REQUIRED);
            this.get = get;
            this.set = set;
        }

        @Override
        void clear(H header) {
            set.accept(header, 0L);
        }

        @Override
        boolean isSet(H header) {
            return true;
        }

        @Override
        boolean read(H header, ExtFields ext, int index, InternTable names) {
            long value = ext.valueLong(index);
            if (value == AsciiNumbers.INVALID) {
                return false;
            }
            set.accept(header, value);
            return true;
        }

        @Override
        void write(H header, ExtFields out) {
            out.add(key(), get.applyAsLong(header));
        }

        @Override
        Object value(H header) {
            return get.applyAsLong(header);
        }

        @Override
        String expected() {
            return A_LONG;
        }
    }

    private static final class BooleanField<H> extends HeaderField<H> {
        private final boolean defaultValue;
        private final Predicate<H> get;
        private final BiConsumer<H, Boolean> set;

        BooleanField(String key, boolean defaultValue, Predicate<H> get, BiConsumer<H, Boolean> set) {
            super(key, Presence.DEFAULTED);
            this.defaultValue = defaultValue;
            this.get = get;
            this.set = set;
        }

        @Override
        void clear(H header) {
            set.accept(header, defaultValue);
        }

        @Override
        boolean isSet(H header) {
            return true;
        }

        @Override
        boolean read(H header, ExtFields ext, int index, InternTable names) {
            set.accept(header, ext.valueBoolean(index));
            return true;
        }

        @Override
        void write(H header, ExtFields out) {
            out.add(key(), get.test(header));
        }

        @Override
        Object value(H header) {
            return get.test(header);
        }
    }

    /** Reads a boxed value, or returns null when the entry does not parse. */
    @FunctionalInterface
    private interface Parser<T> {
        T parse(ExtFields ext, int index);
    }

    /** Appends a boxed value under a key. */
    @FunctionalInterface
    private interface Writer<T> {
        void write(ExtFields out, String key, T value);
    }

    private static final class BoxedField<H, T> extends HeaderField<H> {
        private final String expected;
        private final Parser<T> parser;
        private final Writer<T> writer;
        private final Function<H, T> get;
        private final BiConsumer<H, T> set;

        BoxedField(String key, String expected, Parser<T> parser, Writer<T> writer, Function<H, T> get,
                   BiConsumer<H, T> set) {
            super(key, Presence.OPTIONAL);
            this.expected = expected;
            this.parser = parser;
            this.writer = writer;
            this.get = get;
            this.set = set;
        }

        @Override
        void clear(H header) {
            set.accept(header, null);
        }

        @Override
        boolean isSet(H header) {
            return get.apply(header) != null;
        }

        @Override
        boolean read(H header, ExtFields ext, int index, InternTable names) {
            T value = parser.parse(ext, index);
            if (value == null) {
                return false;
            }
            set.accept(header, value);
            return true;
        }

        @Override
        void write(H header, ExtFields out) {
            writer.write(out, key(), get.apply(header));
        }

        @Override
        Object value(H header) {
            return get.apply(header);
        }

        @Override
        String expected() {
            return expected;
        }
    }
}
