package io.apogee.client.consumer;

import io.apogee.client.core.ConsumerRegistration;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A consumer's subscriptions as one immutable snapshot: topic to expression, the tag filter of each topic, and the
 * subscription version every heartbeat and pull carries. A change makes a new snapshot whose version is above the
 * old one, as the official client bumps it, since a broker keeps the subscription of the highest version it heard.
 *
 * @param expressions topic to {@code *} or tags joined by {@code ||}, in subscription order
 * @param tagFilters  topic to its tags, for topics subscribed by tag
 * @param version     the subscription version, a ms timestamp
 */
record Subscriptions(Map<String, String> expressions, Map<String, Set<String>> tagFilters, long version) {
    /** Copies the maps. */
    Subscriptions {
        expressions = Collections.unmodifiableMap(new LinkedHashMap<>(expressions));
        tagFilters = Map.copyOf(tagFilters);
    }

    /** The snapshot of {@code expressions} at {@code version}. */
    static Subscriptions of(Map<String, String> expressions, long version) {
        Map<String, Set<String>> filters = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : expressions.entrySet()) {
            List<String> tags = tags(entry.getValue());
            if (!tags.isEmpty()) {
                filters.put(entry.getKey(), Set.copyOf(tags));
            }
        }
        return new Subscriptions(expressions, filters, version);
    }

    /** This snapshot with {@code topic} subscribed by {@code expression} (null: unsubscribed), at a higher version. */
    Subscriptions with(String topic, String expression, long nowMillis) {
        Map<String, String> changed = new LinkedHashMap<>(expressions);
        if (expression == null) {
            changed.remove(topic);
        } else {
            changed.put(topic, expression);
        }
        return of(changed, Math.max(nowMillis, version + 1));
    }

    /** The subscribed topics. */
    List<String> topics() {
        return List.copyOf(expressions.keySet());
    }

    /** The heartbeat entries, one per topic. */
    List<ConsumerRegistration.Subscription> entries() {
        List<ConsumerRegistration.Subscription> entries = new ArrayList<>();
        for (Map.Entry<String, String> entry : expressions.entrySet()) {
            List<String> tags = tags(entry.getValue());
            entries.add(new ConsumerRegistration.Subscription(entry.getKey(), entry.getValue(), tags,
                tags.stream().map(String::hashCode).toList(), version));
        }
        return entries;
    }

    private static List<String> tags(String expression) {
        if (expression == null || expression.isBlank() || expression.trim().equals("*")) {
            return List.of();
        }
        List<String> tags = new ArrayList<>();
        for (String tag : expression.split("\\|\\|")) {
            if (!tag.isBlank()) {
                tags.add(tag.trim());
            }
        }
        return tags;
    }
}
