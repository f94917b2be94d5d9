package io.apogee.broker.server;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One key of a properties config file, declared once: its name, type, default, allowed values, its relation to
 * RocketMQ's key and a description. {@link ConfigValues} parses the key through it, and {@link ConfigurationDoc} writes
 * {@code docs/configuration.md} from it, so neither restates a default or a range.
 *
 * <p>Immutable; safe for any thread. The builder-style methods return copies.
 *
 * @param <T> the type of the parsed value
 */
final class ConfigKey<T> {
    private static final String NAME_PATTERN = "[a-zA-Z0-9_-]{1,127}";

    private final String name;
    private final String type;
    private final String fallback;
    private final String shownDefault;
    private final String allowed;
    private final String rocketMqName;
    private final String rocketMqNote;
    private final String description;
    private final Function<String, T> parser;

    private ConfigKey(String name, String type, String fallback, String shownDefault, String allowed, String rocketMqName,
        String rocketMqNote, String description, Function<String, T> parser) {
        this.name = Objects.requireNonNull(name, "name");
        this.type = type;
        this.fallback = fallback;
        this.shownDefault = shownDefault;
        this.allowed = allowed;
        this.rocketMqName = rocketMqName;
        this.rocketMqNote = rocketMqNote;
        this.description = description;
        this.parser = parser;
    }

    /**
     * A key of any type: {@code fallback} is the text parsed when the file does not give the key, {@code allowed} says
     * in words which texts {@code parser} accepts. The parser throws any {@link RuntimeException} on a bad value.
     */
    static <T> ConfigKey<T> of(String name, String type, String fallback, String allowed, Function<String, T> parser) {
        return new ConfigKey<>(name, type, fallback, fallback, allowed, name, "", "", parser);
    }

    /** An {@code int} key from {@code min} to {@code max}, both included. */
    static ConfigKey<Integer> integer(String name, int fallback, int min, int max) {
        String allowed = max == Integer.MAX_VALUE ? min + " or more" : min + " to " + max;
        return of(name, "int", Integer.toString(fallback), allowed, text -> {
            int value = Integer.parseInt(text);
            if (value < min || value > max) {
                throw new BrokerConfigException(name, "must be " + min + ".." + max + ": " + value);
            }
            return value;
        });
    }

    /** A {@code boolean} key: {@code true} or {@code false} in any case. */
    static ConfigKey<Boolean> bool(String name, boolean fallback) {
        return of(name, "boolean", Boolean.toString(fallback), "true, false", text -> switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(text);
        });
    }

    /** A key naming one constant of {@code type}, in any case. */
    static <E extends Enum<E>> ConfigKey<E> choice(String name, Class<E> type, E fallback) {
        String allowed = Arrays.stream(type.getEnumConstants()).map(Enum::name).collect(Collectors.joining(", "));
        return of(name, "enum", fallback.name(), allowed, text -> Enum.valueOf(type, text.toUpperCase(Locale.ROOT)));
    }

    /** A name in routes: 1 to 127 letters, digits, {@code _} or {@code -}. */
    static ConfigKey<String> name(String name, String fallback) {
        return of(name, "string", fallback, "1 to 127 letters, digits, `_` or `-`", text -> {
            if (!text.matches(NAME_PATTERN)) {
                throw new BrokerConfigException(name, "must be 1 to 127 letters, digits, '_' or '-': '" + text + "'");
            }
            return text;
        });
    }

    /** A copy with the description the docs give, one or two sentences. */
    ConfigKey<T> doc(String text) {
        return new ConfigKey<>(name, type, fallback, shownDefault, allowed, rocketMqName, rocketMqNote, text, parser);
    }

    /** A copy whose type the docs show with {@code unit}, as in "int, ms". */
    ConfigKey<T> unit(String unit) {
        return new ConfigKey<>(name, type + ", " + unit, fallback, shownDefault, allowed, rocketMqName, rocketMqNote,
            description, parser);
    }

    /**
     * A copy whose default is worked out by the file's reader ({@link ConfigValues#get(ConfigKey, String)}); the docs
     * show {@code shown} instead.
     */
    ConfigKey<T> computedDefault(String shown) {
        return new ConfigKey<>(name, type, null, shown, allowed, rocketMqName, rocketMqNote, description, parser);
    }

    /** A copy noting how RocketMQ's key of the same name differs, e.g. in its default. */
    ConfigKey<T> unlikeRocketMq(String note) {
        return new ConfigKey<>(name, type, fallback, shownDefault, allowed, rocketMqName, note, description, parser);
    }

    /** A copy for a key RocketMQ calls {@code otherName}, with a note on the difference. */
    ConfigKey<T> rocketMqCalls(String otherName, String note) {
        return new ConfigKey<>(name, type, fallback, shownDefault, allowed, otherName, note, description, parser);
    }

    /** A copy for a key RocketMQ has no counterpart of, with a note on what RocketMQ does instead. */
    ConfigKey<T> apogeeOnly(String note) {
        return new ConfigKey<>(name, type, fallback, shownDefault, allowed, null, note, description, parser);
    }

    /** The value of {@code text}; a bad one is a {@link BrokerConfigException} naming this key. */
    T parse(String text) {
        try {
            return parser.apply(text);
        } catch (BrokerConfigException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new BrokerConfigException(name, "bad value '" + text + "'");
        }
    }

    /** The key as written in the file. */
    String name() {
        return name;
    }

    /** The type as the docs show it, e.g. "int, ms". */
    String type() {
        return type;
    }

    /** The text parsed when the file does not give the key; null when the reader works it out. */
    String fallback() {
        return fallback;
    }

    /** The default as the docs show it. */
    String shownDefault() {
        return shownDefault;
    }

    /** The values accepted, in words; empty for any. */
    String allowed() {
        return allowed;
    }

    /** RocketMQ's name for the key; null when RocketMQ has none. */
    String rocketMqName() {
        return rocketMqName;
    }

    /** How RocketMQ's key differs; empty when it does not. */
    String rocketMqNote() {
        return rocketMqNote;
    }

    /** One or two sentences on what the key does. */
    String description() {
        return description;
    }

    @Override
    public String toString() {
        return name;
    }
}
