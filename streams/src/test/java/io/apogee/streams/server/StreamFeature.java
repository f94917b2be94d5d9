package io.apogee.streams.server;

/**
 * The parts of the stream protocol that came after RabbitMQ 3.10, with the release that brought each: a client test
 * that needs one runs against a RabbitMQ node only when the node is that recent.
 */
enum StreamFeature {
    /** Single active consumer and the consumer update command (0x1a). */
    SINGLE_ACTIVE_CONSUMER("single active consumer", "3.11.0"),
    /** Single active consumer over the partitions of a super stream (the subscription's super-stream property). */
    SUPER_STREAM_SINGLE_ACTIVE_CONSUMER("single active consumer over a super stream", "3.11.0"),
    /** The stream stats command (0x1c). */
    STREAM_STATS("stream stats", "3.11.0"),
    /** Creating and deleting a super stream through the protocol (0x1d, 0x1e). */
    SUPER_STREAM_COMMANDS("create and delete super stream", "3.13.0"),
    /** Publish v2 with filter values and filtered subscriptions. */
    FILTERING("stream filtering", "3.13.0"),
    /** The resolve offset spec command (0x1f). */
    RESOLVE_OFFSET_SPEC("resolve offset spec", "4.3.0");

    private final String description;
    private final String since;

    StreamFeature(String description, String since) {
        this.description = description;
        this.since = since;
    }

    /** Whether a broker of {@code version} (major.minor.patch, as its peer properties give it) serves this. */
    boolean servedBy(String version) {
        String[] have = version.split("[.-]");
        String[] need = since.split("\\.");
        for (int i = 0; i < need.length; i++) {
            int part = i < have.length && have[i].chars().allMatch(Character::isDigit) && !have[i].isEmpty()
                ? Integer.parseInt(have[i]) : 0;
            int wanted = Integer.parseInt(need[i]);
            if (part != wanted) {
                return part > wanted;
            }
        }
        return true;
    }

    /** Why a test of this feature does not run against a broker of {@code version}. */
    String newerThan(String version) {
        return description + " came in RabbitMQ " + since + ", after this node's " + version + "; the test runs against Apogee";
    }
}
