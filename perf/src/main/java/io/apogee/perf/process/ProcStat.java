package io.apogee.perf.process;

/**
 * Parses Linux's {@code /proc/PID/stat}: the process's user and system CPU time in clock ticks. The command name
 * (field 2) is in parentheses and may hold spaces and parentheses itself, so the fields are counted from the last
 * {@code ')'}. Stateless.
 */
public final class ProcStat {
    /** Field 14, utime, counted from 1; field 3 is the first after the command name. */
    private static final int UTIME_FIELD = 14;
    private static final int FIRST_FIELD_AFTER_NAME = 3;

    private ProcStat() {
    }

    /**
     * The user plus system CPU ticks in {@code stat}, the whole text of a {@code /proc/PID/stat} file.
     *
     * @throws IllegalArgumentException if the text is not in that format
     */
    public static long cpuTicks(String stat) {
        int nameEnd = stat.lastIndexOf(')');
        if (nameEnd < 0) {
            throw new IllegalArgumentException("no command name in /proc stat: " + abbreviate(stat));
        }
        String[] fields = stat.substring(nameEnd + 1).trim().split("\\s+");
        int utime = UTIME_FIELD - FIRST_FIELD_AFTER_NAME;
        if (fields.length <= utime + 1) {
            throw new IllegalArgumentException("too few fields in /proc stat: " + abbreviate(stat));
        }
        try {
            return Long.parseLong(fields[utime]) + Long.parseLong(fields[utime + 1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("utime or stime is not a number in /proc stat: " + abbreviate(stat), e);
        }
    }

    /**
     * The value in bytes of a {@code kB} line of {@code /proc/PID/status} such as {@code VmRSS} or {@code VmHWM},
     * or -1 if {@code status} has no such line.
     */
    public static long statusBytes(String status, String key) {
        for (String line : status.split("\n")) {
            if (line.startsWith(key + ":")) {
                String[] parts = line.substring(key.length() + 1).trim().split("\\s+");
                long value = Long.parseLong(parts[0]);
                return parts.length > 1 && parts[1].equalsIgnoreCase("kB") ? value * 1024 : value;
            }
        }
        return -1;
    }

    private static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "...";
    }
}
