package io.apogee.perf.process;

/**
 * Parses Linux's {@code /proc/PID/io}: {@code syscr} and {@code syscw} count the read- and write-class system calls
 * of the whole process, its ended threads included. Stateless.
 */
public final class ProcIo {
    private ProcIo() {
    }

    /**
     * {@code syscr + syscw} of {@code io}, the whole text of a {@code /proc/PID/io} file.
     *
     * @throws IllegalArgumentException if either line is missing
     */
    public static long readWriteCalls(String io) {
        long reads = ProcStat.statusCount(io, "syscr");
        long writes = ProcStat.statusCount(io, "syscw");
        if (reads < 0 || writes < 0) {
            throw new IllegalArgumentException("no syscr and syscw lines in /proc io: " + io.strip());
        }
        return reads + writes;
    }
}
