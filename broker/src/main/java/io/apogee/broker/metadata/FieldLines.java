package io.apogee.broker.metadata;

import java.util.ArrayList;
import java.util.List;

/**
 * The text layout of every metadata file: UTF-8 lines, one entry per line, fields separated by a TAB, and within a
 * field {@code \} escapes itself, TAB ({@code \t}), line feed ({@code \n}) and carriage return ({@code \r}). The
 * first line is a header naming the table and its version, so a file of another kind or version is refused.
 *
 * <pre>
 *   # apogee &lt;table&gt; v&lt;version&gt;\n
 *   field0 \t field1 \t ... \n        (one line per entry, entries in key order)
 * </pre>
 *
 * <p>Stateless; safe for any thread.
 */
final class FieldLines {
    static final char FIELD_SEPARATOR = '\t';
    static final char LINE_END = '\n';
    static final char ESCAPE = '\\';
    static final String HEADER_PREFIX = "# apogee ";
    static final String VERSION_PREFIX = " v";

    private FieldLines() {
    }

    /** The header line (without its line end). */
    static String header(String table, int version) {
        return HEADER_PREFIX + table + VERSION_PREFIX + version;
    }

    /** Appends one entry line. */
    static void appendLine(StringBuilder out, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(FIELD_SEPARATOR);
            }
            escape(fields.get(i), out);
        }
        out.append(LINE_END);
    }

    private static void escape(String field, StringBuilder out) {
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            switch (c) {
                case ESCAPE -> out.append(ESCAPE).append(ESCAPE);
                case FIELD_SEPARATOR -> out.append(ESCAPE).append('t');
                case LINE_END -> out.append(ESCAPE).append('n');
                case '\r' -> out.append(ESCAPE).append('r');
                default -> out.append(c);
            }
        }
    }

    /**
     * Splits {@code text} into entries' fields after checking its header.
     *
     * @throws IllegalArgumentException when the header is not {@code table}'s at {@code version}, or an escape is bad
     */
    static List<List<String>> parse(String text, String table, int version) {
        String header = header(table, version);
        if (!text.startsWith(header + LINE_END)) {
            throw new IllegalArgumentException("not a " + table + " v" + version + " file");
        }
        List<List<String>> lines = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        for (int i = header.length() + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ESCAPE) {
                if (++i == text.length()) {
                    throw new IllegalArgumentException("dangling escape at the end");
                }
                field.append(unescape(text.charAt(i)));
            } else if (c == FIELD_SEPARATOR) {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == LINE_END) {
                fields.add(field.toString());
                field.setLength(0);
                lines.add(fields);
                fields = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        if (!fields.isEmpty() || !field.isEmpty()) {
            throw new IllegalArgumentException("last line has no line end");
        }
        return lines;
    }

    private static char unescape(char c) {
        return switch (c) {
            case ESCAPE -> ESCAPE;
            case 't' -> FIELD_SEPARATOR;
            case 'n' -> LINE_END;
            case 'r' -> '\r';
            default -> throw new IllegalArgumentException("bad escape \\" + c);
        };
    }
}
