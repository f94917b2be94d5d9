package io.apogee.client.consumer;

/**
 * The bits of a PULL_MESSAGE request's {@code sysFlag} (docs/protocol.md §3.3 11), which wire does not name.
 * Constants only.
 */
final class PullSysFlag {
    /** Store the request's commitOffset as the group's offset. */
    static final int COMMIT_OFFSET = 1;
    /** Hold the request (long polling) if nothing is found. */
    static final int SUSPEND = 1 << 1;
    /**
     * Apogee's range pull: the broker may answer with up to its range caps (rangePullMaxMessages, rangePullMaxBytes)
     * instead of 256 messages and 256 KiB. Apache RocketMQ ignores the bit.
     */
    static final int RANGE = 1 << 10;

    private PullSysFlag() {
    }
}
