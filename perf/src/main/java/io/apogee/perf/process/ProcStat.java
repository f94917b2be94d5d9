package io.apogee.perf.process;

/**
 * Parses Linux's {@code /proc/PID/stat} (or a thread's, {@code /proc/PID/task/TID/stat}): user and system CPU time in
 * clock ticks, or any numeric field; and the lines of {@code /proc/PID/status}. The command name
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
     * Field {@code number} (counted from 1, as {@code man proc} counts them; 3 or more) of a {@code stat} text of a
     * process or a thread.
     *
     * @throws IllegalArgumentException if the text has no such field or it is not a number
     */
    public static long field(String stat, int number) {
        int nameEnd = stat.lastIndexOf(')');
        String[] fields = nameEnd < 0 ? new String[0] : stat.substring(nameEnd + 1).trim().split("\\s+");
        int index = number - FIRST_FIELD_AFTER_NAME;
        if (index < 0 || index >= fields.length) {
            throw new IllegalArgumentException("no field " + number + " in /proc stat: " + abbreviate(stat));
        }
        try {
            return Long.parseLong(fields[index]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("field " + number + " is not a number in /proc stat: " + abbreviate(stat), e);
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

    /**
     * The number on a line of {@code /proc/PID/status} that has no unit, such as {@code voluntary_ctxt_switches}, or
     * -1 if there is no such line.
     */
    public static long statusCount(String status, String key) {
        return statusBytes(status, key);
    }

    private static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "...";
    }
}
