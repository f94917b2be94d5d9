package io.apogee.broker.server;

/**
 * A broker config that cannot be used: an unknown key, or a value that does not parse or is out of range. The
 * message names the key. Immutable; thrown at start-up only.
 */
public final class BrokerConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure about {@code key}. */
    public BrokerConfigException(String key, String problem) {
        super(key + ": " + problem);
    }
}
