package io.apogee.perf.process;

/** How the system calls of a process were counted. Immutable. */
public enum SyscallSource {
    /** Every system call, from {@code perf stat -e raw_syscalls:sys_enter -p PID} over the window. */
    PERF("all calls, perf stat raw_syscalls:sys_enter"),
    /**
     * Read-class and write-class calls only ({@code syscr + syscw} of {@code /proc/PID/io}): read, write, pread,
     * readv, sendfile and the like, but not epoll_wait, futex, sendmsg or recvmsg on sockets.
     */
    PROC_IO("read and write calls only, /proc/PID/io syscr + syscw"),
    /** Not counted: neither perf nor {@code /proc/PID/io} could be read. */
    NONE("not counted");

    private final String description;

    SyscallSource(String description) {
        this.description = description;
    }

    /** The source whose name is {@code name} in any case (as the JSON figures write it), {@link #NONE} if none is. */
    public static SyscallSource named(String name) {
        for (SyscallSource source : values()) {
            if (source.name().equalsIgnoreCase(name)) {
                return source;
            }
        }
        return NONE;
    }

    /** What was counted and how, for reports. */
    public String description() {
        return description;
    }
}
