package io.apogee.perf.process;

/**
 * The system calls a process made over a window, and how they were counted. Immutable.
 *
 * @param calls  the calls counted, or -1 when {@code source} is {@link SyscallSource#NONE}
 * @param source what was counted
 */
public record SyscallCount(long calls, SyscallSource source) {
    /** A count that could not be taken. */
    public static final SyscallCount UNKNOWN = new SyscallCount(-1, SyscallSource.NONE);

    /** Whether the calls were counted. */
    public boolean known() {
        return source != SyscallSource.NONE;
    }
}
