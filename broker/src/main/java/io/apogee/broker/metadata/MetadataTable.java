package io.apogee.broker.metadata;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A small table of typed entries persisted in one file in the {@link FieldLines} layout, replaced atomically on
 * {@link #persist()} (temporary file, force, rename), so a crash leaves either the old file or the new one.
 * Entries are kept sorted by key, so the same content always makes the same bytes; a persist that would write the
 * bytes the file already holds writes nothing, so an idle broker does not force its disk every few seconds.
 *
 * <p>A writer that must not wait for the disk {@link #markChanged() marks} the table instead and has
 * {@link #persistIfChanged()} run on another thread: many changes then cost one write, not one each.
 *
 * <p>Thread-safe: any thread reads and changes entries (a concurrent sorted map); {@link #persist()} writes a
 * consistent-enough snapshot (each entry whole) and is serialized by this object's monitor.
 *
 * @param <V> the entry type
 */
abstract class MetadataTable<V> {
    private final MetadataFiles files;
    private final String fileName;
    private final String table;
    private final int version;
    private final ConcurrentSkipListMap<String, V> entries = new ConcurrentSkipListMap<>();
    private final AtomicBoolean changed = new AtomicBoolean();
    /** The bytes last loaded or written, or null; under this object's monitor. */
    private byte[] onDisk;

    MetadataTable(MetadataFiles files, String fileName, String table, int version) {
        this.files = Objects.requireNonNull(files, "files");
        this.fileName = Objects.requireNonNull(fileName, "fileName");
        this.table = table;
        this.version = version;
    }

    /** The key of {@code entry}. */
    abstract String keyOf(V entry);

    /** The fields of {@code entry}, in file order. */
    abstract List<String> encode(V entry);

    /** The entry of one line's fields. */
    abstract V decode(List<String> fields);

    /** Loads the file if it exists, replacing what is held; returns how many entries were read. */
    public final synchronized int load() {
        byte[] bytes = files.read(fileName);
        entries.clear();
        onDisk = bytes;
        if (bytes == null) {
            return 0;
        }
        for (List<String> fields : FieldLines.parse(new String(bytes, StandardCharsets.UTF_8), table, version)) {
            V entry = decode(fields);
            entries.put(keyOf(entry), entry);
        }
        return entries.size();
    }

    /** Writes every entry to the file atomically, unless the file holds these bytes already. */
    public final synchronized void persist() {
        // cleared before the snapshot: a change made while it is written marks the table again
        changed.set(false);
        byte[] content = encodeAll().getBytes(StandardCharsets.UTF_8);
        if (Arrays.equals(content, onDisk)) {
            return;
        }
        files.replace(fileName, ByteBuffer.wrap(content));
        onDisk = content;
    }

    /**
     * Notes a change made since the last write. Returns true when the table was clean, so that exactly one of the
     * writers who change it asks for {@link #persistIfChanged()}.
     */
    public final boolean markChanged() {
        return changed.compareAndSet(false, true);
    }

    /** Writes the file if the table was {@link #markChanged() marked} since the last write. */
    public final void persistIfChanged() {
        if (changed.get()) {
            persist();
        }
    }

    /** The file content for the entries held now. */
    final String encodeAll() {
        StringBuilder out = new StringBuilder(FieldLines.header(table, version)).append(FieldLines.LINE_END);
        for (V entry : entries.values()) {
            FieldLines.appendLine(out, encode(entry));
        }
        return out.toString();
    }

    final V getEntry(String key) {
        return entries.get(key);
    }

    final void putEntry(V entry) {
        entries.put(keyOf(entry), entry);
    }

    final V removeEntry(String key) {
        return entries.remove(key);
    }

    final Collection<V> values() {
        return entries.values();
    }

    /** A snapshot of the entries, in key order. */
    public final List<V> all() {
        return new ArrayList<>(entries.values());
    }

    /** How many entries are held. */
    public final int size() {
        return entries.size();
    }

    static int parseInt(String field) {
        return Integer.parseInt(field);
    }

    static long parseLong(String field) {
        return Long.parseLong(field);
    }

    static boolean parseBoolean(String field) {
        if (!field.equals("true") && !field.equals("false")) {
            throw new IllegalArgumentException("not a boolean: " + field);
        }
        return field.equals("true");
    }
}
