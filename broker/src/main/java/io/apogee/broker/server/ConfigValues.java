package io.apogee.broker.server;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The raw values of one config file, read key by key through a table of {@link ConfigKey}s. Any key outside the table
 * is refused, so a misspelt key stops start-up instead of being ignored.
 *
 * <p>Not thread-safe: one start-up thread reads it once and drops it.
 */
final class ConfigValues {
    private final Map<String, String> raw = new HashMap<>();
    private final List<ConfigKey<?>> keys;
    private final Set<String> read = new HashSet<>();
    private final Map<String, String> texts = new HashMap<>();

    /** The values of {@code properties} (keys and values trimmed), for the keys in {@code keys}. */
    ConfigValues(Properties properties, List<ConfigKey<?>> keys) {
        for (String key : properties.stringPropertyNames()) {
            raw.put(key.trim(), properties.getProperty(key).trim());
        }
        this.keys = keys;
    }

    /** The properties file {@code file} (UTF-8); a file that cannot be read is a {@link BrokerConfigException}. */
    static Properties read(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw new BrokerConfigException(file.toString(), "cannot read the config file: " + e.getMessage());
        }
        return properties;
    }

    /** The value of {@code key}, or its declared default. */
    <T> T get(ConfigKey<T> key) {
        return get(key, key.fallback());
    }

    /** The value of {@code key}, or {@code fallback} parsed when the file does not give it. */
    <T> T get(ConfigKey<T> key, String fallback) {
        if (!keys.contains(key)) {
            throw new IllegalStateException("key outside the table: " + key);
        }
        read.add(key.name());
        String text = raw.getOrDefault(key.name(), fallback);
        texts.put(key.name(), text);
        return key.parse(text);
    }

    /** The text a key that was read had: the file's, or the default parsed instead. */
    String text(ConfigKey<?> key) {
        return texts.get(key.name());
    }

    /**
     * Refuses the first key (in name order) outside the table. Every key in the table must have been read: one that
     * was not is a bug, since the file's value would be dropped.
     */
    void finish() {
        Set<String> known = keys.stream().map(ConfigKey::name).collect(Collectors.toCollection(TreeSet::new));
        if (!read.equals(known)) {
            throw new IllegalStateException("declared keys never read: " + known.stream().filter(k -> !read.contains(k)).toList());
        }
        for (String key : new TreeSet<>(raw.keySet())) {
            if (!known.contains(key)) {
                throw new BrokerConfigException(key, "unknown key (known: " + String.join(", ", known) + ")");
            }
        }
    }
}
