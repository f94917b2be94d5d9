package io.apogee.perf.compare;

import java.util.Locale;

/** The scenarios of a stream comparison: what is published, and whether and when one consumer reads. Immutable. */
enum StreamScenario {
    /** Publish 100 B messages with confirms; read back afterwards only to verify. */
    A("publish 100 B with confirms", 100, false, false),
    /** Publish 1 KiB messages with confirms; read back afterwards only to verify. */
    B("publish 1 KiB with confirms", 1024, false, false),
    /** Publish 100 B messages with one consumer reading from the first offset at the same time. */
    C("publish 100 B and consume together, one consumer from first", 100, true, false),
    /** Preload 100 B messages, then one consumer reads the stream from its first offset: the consumed rate counts. */
    D("catch-up: 100 B preloaded, one consumer from first", 100, false, true);

    private final String description;
    private final int size;
    private final boolean consumeWhilePublishing;
    private final boolean catchUp;

    StreamScenario(String description, int size, boolean consumeWhilePublishing, boolean catchUp) {
        this.description = description;
        this.size = size;
        this.consumeWhilePublishing = consumeWhilePublishing;
        this.catchUp = catchUp;
    }

    /** What the scenario does, for the table. */
    String description() {
        return description;
    }

    /** The body size in bytes. */
    int size() {
        return size;
    }

    /** Whether the consumer reads while the producers publish (the measured consume rate is then theirs too). */
    boolean consumeWhilePublishing() {
        return consumeWhilePublishing;
    }

    /** Whether a preloaded stream is read from its first offset, the consumed rate being the figure. */
    boolean catchUp() {
        return catchUp;
    }

    /** The letter the table shows, "a" to "d". */
    String letter() {
        return name().toLowerCase(Locale.ROOT);
    }
}
