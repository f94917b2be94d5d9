package io.apogee.broker.failover;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The master epochs of this broker's log, in {@code <storePathRootDir>/epochFileCheckpoint} (RocketMQ's file name,
 * Apogee's own text: one {@code epoch startOffset} line per epoch, oldest first). A broker that becomes master adds
 * its epoch, starting at its log's end; a slave takes its master's epochs once its log agrees with the master's.
 * {@link #consistentPoint} is RocketMQ's rule for where two logs stop agreeing.
 *
 * <p>Not thread-safe: the controller-mode broker's role thread writes it; {@link #entries()} returns a copy safe to
 * read on any thread.
 */
public final class EpochFile {
    /** RocketMQ's name of the file, under the store's root. */
    public static final String NAME = "epochFileCheckpoint";

    private final Path file;
    private volatile List<EpochEntry> entries;

    /** The file under {@code storeRoot}, read now (no file: no epochs). */
    public EpochFile(Path storeRoot) {
        this.file = storeRoot.resolve(NAME);
        this.entries = read(file);
    }

    /** The epochs, oldest first. */
    public List<EpochEntry> entries() {
        return entries;
    }

    /** The newest epoch, or 0 when there is none. */
    public int lastEpoch() {
        List<EpochEntry> current = entries;
        return current.isEmpty() ? 0 : current.getLast().epoch();
    }

    /**
     * Adds {@code epoch}, whose records start at {@code startOffset}, the log's end: epochs from it on, and epochs that
     * start past the offset (records the log no longer holds), are dropped first.
     */
    public void begin(int epoch, long startOffset) {
        List<EpochEntry> kept = new ArrayList<>();
        for (EpochEntry entry : entries) {
            if (entry.epoch() < epoch && entry.startOffset() <= startOffset) {
                kept.add(entry);
            }
        }
        kept.add(new EpochEntry(epoch, startOffset));
        write(kept);
    }

    /** Takes {@code masterEntries}, a master's epochs, as this log's: called once the log agrees with the master's. */
    public void replaceWith(List<EpochEntry> masterEntries) {
        write(List.copyOf(masterEntries));
    }

    /**
     * Where two logs stop agreeing, by RocketMQ's rule: the newest epoch both hold with the same start offset, and the
     * lesser of the two ends of that epoch in each log. -1 when they share no epoch.
     */
    public static long consistentPoint(List<EpochEntry> mine, long myEnd, List<EpochEntry> theirs, long theirEnd) {
        for (int i = mine.size() - 1; i >= 0; i--) {
            EpochEntry entry = mine.get(i);
            for (int j = theirs.size() - 1; j >= 0; j--) {
                EpochEntry other = theirs.get(j);
                if (other.epoch() == entry.epoch() && other.startOffset() == entry.startOffset()) {
                    return Math.min(endOf(mine, i, myEnd), endOf(theirs, j, theirEnd));
                }
            }
        }
        return -1;
    }

    /** Where epoch {@code index} of {@code entries} ends: the next epoch's start, or the log's end. */
    private static long endOf(List<EpochEntry> entries, int index, long logEnd) {
        return index + 1 < entries.size() ? entries.get(index + 1).startOffset() : logEnd;
    }

    private void write(List<EpochEntry> next) {
        StringBuilder text = new StringBuilder();
        for (EpochEntry entry : next) {
            text.append(entry.epoch()).append(' ').append(entry.startOffset()).append('\n');
        }
        Path temp = file.resolveSibling(NAME + ".tmp");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        entries = List.copyOf(next);
    }

    private static List<EpochEntry> read(Path file) {
        if (!Files.exists(file)) {
            return List.of();
        }
        List<EpochEntry> read = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                String[] parts = line.trim().split(" ");
                EpochEntry entry = new EpochEntry(Integer.parseInt(parts[0]), Long.parseLong(parts[1]));
                if (!read.isEmpty() && (entry.epoch() <= read.getLast().epoch()
                    || entry.startOffset() < read.getLast().startOffset())) {
                    throw new IllegalStateException(file + ": epochs out of order at '" + line + "'");
                }
                read.add(entry);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalStateException(file + ": not an 'epoch startOffset' line: " + e.getMessage(), e);
        }
        return List.copyOf(read);
    }
}
