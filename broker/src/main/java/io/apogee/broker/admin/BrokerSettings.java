package io.apogee.broker.admin;

import java.util.Map;

/**
 * The broker's config as GET_BROKER_CONFIG shows it and UPDATE_BROKER_CONFIG changes it: every key with the text it
 * has now, and a change of the keys that may change while the broker runs.
 *
 * <p>Implementations are safe for any thread.
 */
public interface BrokerSettings {
    /** Every key but the secret ones with the text it has now, in a stable order. */
    Map<String, String> current();

    /**
     * Applies {@code changes} (key to text) all together and keeps them over a restart, or none of them when one is
     * refused. Returns null when applied, else why not.
     */
    Refusal update(Map<String, String> changes);

    /**
     * Why an update was refused: {@code startUpOnly} when a key exists but is read at start-up only, else an unknown
     * key or a bad value.
     *
     * @param startUpOnly whether a known key may not change at run time
     * @param remark      what was wrong, naming the key
     */
    record Refusal(boolean startUpOnly, String remark) {
    }
}
