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

    private PullSysFlag() {
    }
}
