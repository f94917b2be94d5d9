package io.apogee.broker.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * RocketMQ's {@code DataVersion} as its table exports carry it ({@code counter}, {@code stateVersion},
 * {@code timestamp}): the one place that writes it. Stateless.
 */
public final class DataVersionJson {
    private DataVersionJson() {
    }

    /** Adds {@code "dataVersion"} to {@code parent}: {@code counter} changes, stamped {@code timestampMillis}. */
    public static void put(ObjectNode parent, long counter, long timestampMillis) {
        ObjectNode version = parent.putObject("dataVersion");
        version.put("counter", counter);
        version.put("stateVersion", 0);
        version.put("timestamp", timestampMillis);
    }
}
