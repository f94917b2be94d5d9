package io.apogee.broker.console;

import io.apogee.broker.topic.Names;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The parameters of one request's query string, checked as they are read: names and lengths, numbers and their
 * ranges. A bad one is a {@link BadRequest} (400) naming the parameter.
 *
 * <p>Not thread-safe: one per request.
 */
final class Query {
    /** The longest query string taken. */
    static final int MAX_QUERY_LENGTH = 2048;
    /** The most parameters taken. */
    static final int MAX_PARAMETERS = 16;
    /** The longest message key or id taken. */
    static final int MAX_KEY_LENGTH = 255;

    private final Map<String, String> values;

    private Query(Map<String, String> values) {
        this.values = values;
    }

    /** The parameters of {@code rawQuery} (as the URI gives it, still encoded; null when there is none). */
    static Query parse(String rawQuery) {
        Map<String, String> values = new HashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return new Query(values);
        }
        if (rawQuery.length() > MAX_QUERY_LENGTH) {
            throw BadRequest.input("the query string is longer than " + MAX_QUERY_LENGTH + " characters");
        }
        String[] pairs = rawQuery.split("&", -1);
        if (pairs.length > MAX_PARAMETERS) {
            throw BadRequest.input("more than " + MAX_PARAMETERS + " parameters");
        }
        for (String pair : pairs) {
            int equals = pair.indexOf('=');
            String name = decode(equals < 0 ? pair : pair.substring(0, equals));
            String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
            if (values.put(name, value) != null) {
                throw BadRequest.input("parameter " + name + " given twice");
            }
        }
        return new Query(values);
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw BadRequest.input("badly encoded query string: " + e.getMessage());
        }
    }

    /** Whether parameter {@code name} is given, even empty. */
    boolean given(String name) {
        return values.containsKey(name);
    }

    /** Whether parameter {@code name} is given and not empty. */
    boolean has(String name) {
        String value = values.get(name);
        return value != null && !value.isEmpty();
    }

    /** Parameter {@code name} as a topic name, which must be valid. */
    String topic(String name) {
        String topic = required(name);
        String problem = Names.topicProblem(topic);
        if (problem != null) {
            throw BadRequest.input(name + ": " + problem);
        }
        return topic;
    }

    /** Parameter {@code name} as a consumer group name, which must be valid. */
    String group(String name) {
        String group = required(name);
        String problem = Names.groupProblem(group);
        if (problem != null) {
            throw BadRequest.input(name + ": " + problem);
        }
        return group;
    }

    /** Parameter {@code name} as a message key or id: 1 to {@value #MAX_KEY_LENGTH} characters, no control character. */
    String key(String name) {
        String key = required(name);
        if (key.length() > MAX_KEY_LENGTH) {
            throw BadRequest.input(name + " is longer than " + MAX_KEY_LENGTH + " characters");
        }
        if (key.chars().anyMatch(Character::isISOControl)) {
            throw BadRequest.input(name + " holds a control character");
        }
        return key;
    }

    /** Parameter {@code name} as a whole number from {@code min} to {@code max}. */
    long number(String name, long min, long max) {
        String text = required(name);
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw BadRequest.input(name + " must be a whole number: " + shorten(text));
        }
        if (value < min || value > max) {
            throw BadRequest.input(name + " must be " + min + ".." + max + ": " + value);
        }
        return value;
    }

    private String required(String name) {
        String value = values.get(name);
        if (value == null || value.isEmpty()) {
            throw BadRequest.input("parameter " + name + " is required");
        }
        return value;
    }

    private static String shorten(String text) {
        return text.length() <= MAX_KEY_LENGTH ? text : text.substring(0, MAX_KEY_LENGTH) + "...";
    }
}
