package io.apogee.broker.group;

import io.apogee.store.read.TagFilter;
import io.apogee.store.read.TagHashSet;
import java.util.Collection;

/**
 * One topic a consumer group subscribes to, with the consume-queue tag filter it implies: {@link TagFilter#ANY}
 * for {@code *} or an empty code set, otherwise the set of tag hash codes.
 *
 * <p>Immutable once built; safe for any thread.
 *
 * @param topic      the topic
 * @param expression the subscription expression, for example {@code TagA || TagB}
 * @param filter     the tag-hash filter
 */
public record Subscription(String topic, String expression, TagFilter filter) {
    /** The expression that matches every message. */
    public static final String ALL = "*";

    /** A subscription to {@code topic} keeping the given tag hash codes ({@link #ALL} or none: everything). */
    public static Subscription of(String topic, String expression, Collection<Integer> codes) {
        if (expression == null || ALL.equals(expression.trim()) || expression.isBlank() || codes.isEmpty()) {
            return new Subscription(topic, expression, TagFilter.ANY);
        }
        TagHashSet set = new TagHashSet();
        for (int code : codes) {
            set.add(code);
        }
        return new Subscription(topic, expression, set);
    }

    /** A subscription parsed from a TAG expression such as {@code TagA || TagB} (the hashes of its tags). */
    public static Subscription parse(String topic, String expression) {
        if (expression == null || expression.isBlank() || ALL.equals(expression.trim())) {
            return new Subscription(topic, expression, TagFilter.ANY);
        }
        TagHashSet set = new TagHashSet();
        for (String tag : expression.split("\\|\\|")) {
            String trimmed = tag.trim();
            if (!trimmed.isEmpty()) {
                set.addTag(trimmed);
            }
        }
        return new Subscription(topic, expression, set.size() == 0 ? TagFilter.ANY : set);
    }
}
