package io.apogee.broker.topic;

/** RocketMQ's {@code PermName} bits. Constants only. */
public final class Permission {
    /** Consumers may read. */
    public static final int READ = 4;
    /** Producers may write. */
    public static final int WRITE = 2;
    /** A template: new topics may be created from it. */
    public static final int INHERIT = 1;
    /** Read and write, the default. */
    public static final int READ_WRITE = READ | WRITE;

    private Permission() {
    }
}
