package io.apogee.broker.timer;

import io.apogee.store.MessageStore;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The timer service's progress, in one small text file replaced atomically ({@code timerCheckpoint} in the metadata
 * directory): {@code scanned} (every timer-queue unit below it has been seen), {@code delivered} (every message seen
 * with a delivery time at or before it has been delivered) and {@code lowWater} (every message below it has been
 * delivered). Each only grows, so any mix of values from different writes still tells the truth.
 *
 * <p>Layout: {@code scanned=N delivered=N lowWater=N} and a newline. A missing or unreadable file reads as all zeros:
 * the whole timer queue is seen again, so messages may be delivered twice but none is lost.
 *
 * @param scanned   the timer-queue offset up to which every unit has been seen
 * @param delivered the epoch milliseconds up to which every message seen is delivered
 * @param lowWater  the timer-queue offset below which every message is delivered
 */
record TimerCheckpoint(long scanned, long delivered, long lowWater) {
    /** Nothing seen yet. */
    static final TimerCheckpoint NONE = new TimerCheckpoint(0, 0, 0);
    /** The file's name. */
    static final String FILE = "timerCheckpoint";
    private static final Logger LOG = LoggerFactory.getLogger(TimerCheckpoint.class);

    /** Reads the checkpoint kept in {@code store}; {@link #NONE} when there is none or it cannot be read. */
    static TimerCheckpoint read(MessageStore store) {
        byte[] bytes = store.readMetadataFile(FILE);
        if (bytes == null) {
            return NONE;
        }
        String text = new String(bytes, StandardCharsets.UTF_8).trim();
        try {
            String[] fields = text.split(" ");
            if (fields.length != 3) {
                throw new IllegalArgumentException("three fields expected");
            }
            return new TimerCheckpoint(field(fields[0], "scanned"), field(fields[1], "delivered"),
                field(fields[2], "lowWater"));
        } catch (IllegalArgumentException e) {
            LOG.warn("the timer checkpoint '{}' is unreadable ({}); the timer queue is read again from its start", text,
                e.getMessage());
            return NONE;
        }
    }

    private static long field(String field, String name) {
        if (!field.startsWith(name + "=")) {
            throw new IllegalArgumentException("no " + name);
        }
        return Long.parseLong(field.substring(name.length() + 1));
    }

    /** Writes this checkpoint into {@code store}'s metadata directory, replacing the last. */
    void write(MessageStore store) {
        String text = "scanned=" + scanned + " delivered=" + delivered + " lowWater=" + lowWater + "\n";
        store.writeMetadataFile(FILE, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
    }
}
