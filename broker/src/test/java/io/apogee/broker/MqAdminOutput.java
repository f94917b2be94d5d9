package io.apogee.broker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reading what mqadmin printed for one command: its lines, the numbers of table rows, the key-value lines of
 * {@code brokerStatus}, the JSON of {@code topicRoute}, and the output with the noise of a child JVM (logging set-up,
 * warnings, stack frames) left out and what differs between two runs of the same session (addresses, ids, times,
 * column widths) replaced by placeholders. Stateless.
 */
final class MqAdminOutput {
    /** {@code brokerStatus}'s key for the disk use of the commit log's directory, its path left out. */
    static final String COMMIT_LOG_DIR_RATIO = "commitLogDiskRatio_<dir>";
    private static final String COMMIT_LOG_DIR_RATIO_PREFIX = "commitLogDiskRatio_";
    private static final List<Pattern> NOISE = List.of(
        Pattern.compile("^\\d{2}:\\d{2}:\\d{2}[.,]\\d{3}[ |].*"), // logback's start-up status and logged warnings
        Pattern.compile("^WARNING: .*"), // the JDK's warnings about the tools' dependencies
        Pattern.compile("^SLF4J.*"),
        Pattern.compile("^\\s+at .*"), // stack frames: line numbers of the caller, not of mqadmin's answer
        Pattern.compile("^\\s+\\.\\.\\. \\d+ more"),
        Pattern.compile("^\\s*$"));
    private static final Pattern TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(,\\d{3})?");
    private static final Pattern EPOCH_MILLIS = Pattern.compile("\\b1\\d{12}\\b");
    private static final Pattern MESSAGE_ID = Pattern.compile("\\b[0-9A-F]{32,}\\b");
    private static final Pattern HOST_PORT = Pattern.compile("\\b\\d{1,3}(\\.\\d{1,3}){3}:\\d+\\b");

    private MqAdminOutput() {
    }

    /** The output's lines, trimmed. */
    static List<String> lines(String output) {
        return Arrays.stream(output.split("\\R")).map(String::trim).toList();
    }

    /** The JSON object printed (from the first '{' to the last '}'). */
    static String jsonOf(String output) {
        return output.substring(output.indexOf('{'), output.lastIndexOf('}') + 1);
    }

    /** The numbers each line matching {@code regex} captured. */
    static List<long[]> rows(String output, String regex) {
        List<long[]> rows = new ArrayList<>();
        Matcher matcher = Pattern.compile(regex).matcher(output);
        while (matcher.find()) {
            long[] row = new long[matcher.groupCount()];
            for (int i = 0; i < row.length; i++) {
                row[i] = Long.parseLong(matcher.group(i + 1));
            }
            rows.add(row);
        }
        return rows;
    }

    /** The {@code key : value} lines of {@code brokerStatus}, by key ({@link #COMMIT_LOG_DIR_RATIO} for the one with a path). */
    static Map<String, String> keyValues(String output) {
        Map<String, String> values = new TreeMap<>();
        for (String line : output.split("\\R")) {
            int colon = line.indexOf(" : ");
            int at = colon >= 0 ? colon : line.indexOf(':');
            if (at > 0 && !line.startsWith(MqAdminBatch.MARKER)) {
                String key = line.substring(0, at).trim();
                String value = line.substring(at + 1).replaceFirst("^\\s*:?\\s*", "").trim();
                values.put(key.startsWith(COMMIT_LOG_DIR_RATIO_PREFIX) ? COMMIT_LOG_DIR_RATIO : key, value);
            }
        }
        return values;
    }

    /**
     * The output of one command as {@link MqAdmin} returns it (its first line the command, which is left out), its
     * lines without noise, each with {@code names} replaced (longest first, so an address is not cut by a
     * shorter one), then any other time, epoch millisecond time, message id and host:port by a placeholder, and runs
     * of spaces by one.
     */
    static List<String> normalised(String output, Map<String, String> names) {
        List<String> kept = new ArrayList<>();
        List<String> order = names.keySet().stream().sorted((a, b) -> b.length() - a.length()).toList();
        String[] lines = output.split("\\R");
        for (String line : Arrays.asList(lines).subList(1, lines.length)) {
            if (NOISE.stream().anyMatch(noise -> noise.matcher(line).matches())) {
                continue;
            }
            String text = line;
            for (String name : order) {
                text = text.replace(name, names.get(name));
            }
            text = TIME.matcher(text).replaceAll("<time>");
            text = EPOCH_MILLIS.matcher(text).replaceAll("<millis>");
            text = MESSAGE_ID.matcher(text).replaceAll("<id>");
            text = HOST_PORT.matcher(text).replaceAll("<host:port>");
            kept.add(text.trim().replaceAll("\\s+", " "));
        }
        return kept;
    }
}
