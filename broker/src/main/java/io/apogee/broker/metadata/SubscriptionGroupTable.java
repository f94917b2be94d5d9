package io.apogee.broker.metadata;

import java.util.ArrayList;
import java.util.List;

/**
 * The broker's consumer-group configurations, persisted in {@code subscription-groups.conf}, one line per group. A
 * group whose orderly flag, system flag, consume timeout, retry policy and attributes hold RocketMQ's defaults is
 * written with the first {@value #FIRST_FIELDS} fields only, as every group was before those were kept, and such a
 * line reads with the defaults.
 *
 * <p>Thread-safe, see {@link MetadataTable}.
 */
public final class SubscriptionGroupTable extends MetadataTable<SubscriptionGroup> {
    /** The file name in the metadata directory. */
    public static final String FILE_NAME = "subscription-groups.conf";
    private static final int VERSION = 1;
    private static final int FIRST_FIELDS = 9;
    private static final int FIELDS = 14;

    /** The table kept in {@code files}. */
    public SubscriptionGroupTable(MetadataFiles files) {
        super(files, FILE_NAME, "subscription-groups", VERSION);
    }

    /** Adds or replaces a group. */
    public void put(SubscriptionGroup group) {
        putEntry(group);
    }

    /** The group's config, or null. */
    public SubscriptionGroup get(String name) {
        return getEntry(name);
    }

    /** Removes a group; returns what was held, or null. */
    public SubscriptionGroup remove(String name) {
        return removeEntry(name);
    }

    @Override
    String keyOf(SubscriptionGroup entry) {
        return entry.name();
    }

    @Override
    List<String> encode(SubscriptionGroup group) {
        List<String> first = List.of(group.name(), Boolean.toString(group.consumeEnabled()),
            Boolean.toString(group.fromMinEnabled()), Boolean.toString(group.broadcastEnabled()),
            Integer.toString(group.retryQueues()), Integer.toString(group.retryMaxTimes()), Long.toString(group.brokerId()),
            Long.toString(group.slowConsumerBrokerId()), Boolean.toString(group.notifyIdsChanged()));
        if (hasDefaultTail(group)) {
            return first;
        }
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(Boolean.toString(group.orderly()), Integer.toString(group.sysFlag()),
            Integer.toString(group.consumeTimeoutMinutes()), group.retryPolicyJson(), group.attributesJson()));
        return all;
    }

    /** Whether the fields after the first nine hold their defaults, so that the short line says the same. */
    private static boolean hasDefaultTail(SubscriptionGroup group) {
        return !group.orderly() && group.sysFlag() == 0
            && group.consumeTimeoutMinutes() == SubscriptionGroup.DEFAULT_CONSUME_TIMEOUT_MINUTES
            && group.retryPolicyJson().isEmpty() && group.attributesJson().equals(SubscriptionGroup.NO_ATTRIBUTES);
    }

    @Override
    SubscriptionGroup decode(List<String> fields) {
        if (fields.size() != FIELDS && fields.size() != FIRST_FIELDS) {
            throw new IllegalArgumentException("group line with " + fields.size() + " fields");
        }
        SubscriptionGroup first = new SubscriptionGroup(fields.get(0), parseBoolean(fields.get(1)),
            parseBoolean(fields.get(2)), parseBoolean(fields.get(3)), parseInt(fields.get(4)), parseInt(fields.get(5)),
            parseLong(fields.get(6)), parseLong(fields.get(7)), parseBoolean(fields.get(8)));
        if (fields.size() == FIRST_FIELDS) {
            return first;
        }
        return new SubscriptionGroup(first.name(), first.consumeEnabled(), first.fromMinEnabled(),
            first.broadcastEnabled(), first.retryQueues(), first.retryMaxTimes(), first.brokerId(),
            first.slowConsumerBrokerId(), first.notifyIdsChanged(), parseBoolean(fields.get(9)), parseInt(fields.get(10)),
            parseInt(fields.get(11)), fields.get(12), fields.get(13));
    }
}
