package io.apogee.streams.log;

import io.apogee.streams.chunk.ChunkBloom;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a stream was created with: its retention limits, its segment size and the size of its chunks' bloom filters.
 * A client names them in the create arguments {@code max-length-bytes}, {@code max-age},
 * {@code stream-max-segment-size-bytes} and {@code stream-filter-size-bytes}; the registry keeps them in the stream's
 * directory so that a restart applies them again.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param maxLengthBytes the bytes the stream keeps before it drops its oldest segment; {@link #UNLIMITED} for no bound
 * @param maxAgeMillis   the age of a segment's newest chunk past which the segment is dropped; {@link #UNLIMITED} for none
 * @param segmentSize    the bytes of each segment file
 * @param filterSize     the bytes of the bloom filter of a chunk with filter values, {@link ChunkBloom#MIN_SIZE} to
 *                       {@link ChunkBloom#MAX_SIZE}
 */
public record StreamOptions(long maxLengthBytes, long maxAgeMillis, int segmentSize, int filterSize) {
    /** No bound. */
    public static final long UNLIMITED = -1;
    /** The smallest segment a stream takes: one page. */
    public static final int MIN_SEGMENT_SIZE = 4096;
    private static final String MAX_LENGTH_BYTES = "max-length-bytes";
    private static final String MAX_AGE = "max-age";
    private static final String SEGMENT_SIZE = "stream-max-segment-size-bytes";
    private static final String FILTER_SIZE = "stream-filter-size-bytes";
    private static final String MAX_AGE_MILLIS = "max-age-millis";
    private static final Pattern AGE = Pattern.compile("([0-9]{1,12})([YMDhms])");
    private static final long SECOND = 1000;
    private static final long MINUTE = 60 * SECOND;
    private static final long HOUR = 60 * MINUTE;
    private static final long DAY = 24 * HOUR;

    /** Options with osiris's default filter size. */
    public StreamOptions(long maxLengthBytes, long maxAgeMillis, int segmentSize) {
        this(maxLengthBytes, maxAgeMillis, segmentSize, ChunkBloom.DEFAULT_SIZE);
    }

    /** The options of a stream created without arguments: no retention, the broker's segment size. */
    public static StreamOptions defaults(int segmentSize) {
        return new StreamOptions(UNLIMITED, UNLIMITED, segmentSize);
    }

    /** Whether a retention limit is set. */
    public boolean hasRetention() {
        return maxLengthBytes != UNLIMITED || maxAgeMillis != UNLIMITED;
    }

    /**
     * Reads the retention arguments of a create command; other keys are left to the caller.
     *
     * @return the options, or null when a value is not one RabbitMQ takes: a length that is not a non-negative integer,
     *         an age that is not a positive number followed by Y, M, D, h, m or s, a segment size outside
     *         {@link #MIN_SEGMENT_SIZE} to {@link Integer#MAX_VALUE}, or a filter size outside 16 to 255
     */
    public static StreamOptions fromArguments(Map<String, String> arguments, int defaultSegmentSize) {
        long maxLength = UNLIMITED;
        long maxAge = UNLIMITED;
        long segment = defaultSegmentSize;
        if (arguments.containsKey(MAX_LENGTH_BYTES)) {
            maxLength = parseCount(arguments.get(MAX_LENGTH_BYTES));
            if (maxLength < 0) {
                return null;
            }
        }
        if (arguments.containsKey(MAX_AGE)) {
            maxAge = parseAge(arguments.get(MAX_AGE));
            if (maxAge <= 0) {
                return null;
            }
        }
        if (arguments.containsKey(SEGMENT_SIZE)) {
            segment = parseCount(arguments.get(SEGMENT_SIZE));
            if (segment < MIN_SEGMENT_SIZE || segment > Integer.MAX_VALUE) {
                return null;
            }
        }
        long filter = ChunkBloom.DEFAULT_SIZE;
        if (arguments.containsKey(FILTER_SIZE)) {
            filter = parseCount(arguments.get(FILTER_SIZE));
            if (filter < ChunkBloom.MIN_SIZE || filter > ChunkBloom.MAX_SIZE) {
                return null;
            }
        }
        return new StreamOptions(maxLength, maxAge, (int) segment, (int) filter);
    }

    /** A decimal count of at most 18 digits; -1 when {@code value} is not one. */
    private static long parseCount(String value) {
        if (value == null || value.isEmpty() || value.length() > 18) {
            return -1;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(value);
    }

    /** An age as RabbitMQ writes it ("7D", "1h", "60s"; a month is 30 days, a year 365) in milliseconds; -1 if not. */
    static long parseAge(String value) {
        Matcher matcher = value == null ? null : AGE.matcher(value);
        if (matcher == null || !matcher.matches()) {
            return -1;
        }
        long amount = Long.parseLong(matcher.group(1));
        long unit = switch (matcher.group(2)) {
            case "Y" -> 365 * DAY;
            case "M" -> 30 * DAY;
            case "D" -> DAY;
            case "h" -> HOUR;
            case "m" -> MINUTE;
            default -> SECOND;
        };
        return amount * unit;
    }

    /** The options as the settings file holds them: one {@code key=value} line each. */
    byte[] toFile() {
        String text = MAX_LENGTH_BYTES + "=" + maxLengthBytes + "\n" + MAX_AGE_MILLIS + "=" + maxAgeMillis + "\n"
            + SEGMENT_SIZE + "=" + segmentSize + "\n" + FILTER_SIZE + "=" + filterSize + "\n";
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The options a settings file holds.
     *
     * @throws IllegalStateException when the file is not one {@link #toFile()} wrote
     */
    static StreamOptions fromFile(byte[] content) {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(new String(content, StandardCharsets.UTF_8)));
            long maxLength = Long.parseLong(properties.getProperty(MAX_LENGTH_BYTES));
            long maxAge = Long.parseLong(properties.getProperty(MAX_AGE_MILLIS));
            int segment = Integer.parseInt(properties.getProperty(SEGMENT_SIZE));
            // a stream created before filter sizes were kept has osiris's default
            int filter = Integer.parseInt(properties.getProperty(FILTER_SIZE, Integer.toString(ChunkBloom.DEFAULT_SIZE)));
            if (maxLength < UNLIMITED || maxAge < UNLIMITED || maxAge == 0 || segment < MIN_SEGMENT_SIZE
                || filter < ChunkBloom.MIN_SIZE || filter > ChunkBloom.MAX_SIZE) {
                throw new IllegalStateException("stream settings out of range: " + properties);
            }
            return new StreamOptions(maxLength, maxAge, segment, filter);
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("unreadable stream settings: " + e.getMessage(), e);
        }
    }
}
