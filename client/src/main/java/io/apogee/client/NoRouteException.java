package io.apogee.client;

/** The name servers know no route for the topic (nor for TBW102, for a producer), or no queue is usable. Immutable. */
public final class NoRouteException extends ClientException {
    private static final long serialVersionUID = 1L;
    private final String topic;

    /** No route for {@code topic}. */
    public NoRouteException(String topic, String detail) {
        super("no route for topic " + topic + ": " + detail, null);
        this.topic = topic;
    }

    /** The topic. */
    public String topic() {
        return topic;
    }
}
