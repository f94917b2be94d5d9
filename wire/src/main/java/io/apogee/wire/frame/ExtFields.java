package io.apogee.wire.frame;

import io.apogee.common.text.AsciiNumbers;
import io.apogee.common.text.InternTable;
import io.apogee.common.text.Utf8;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A header's {@code extFields}: an ordered list of key/value entries kept as UTF-8 byte ranges in one reusable
 * array, so decoding a header and reading the typed fields of SEND or PULL builds no map and no strings. Not
 * thread-safe (see below).
 * Entries stay in wire order (duplicates included); lookups by key take the <em>last</em> match, as RocketMQ's
 * decoders do. A value may be null (a binary length of 0, or a JSON {@code null}).
 *
 * <pre>
 *  bytes:  | key 0 | value 0 | key 1 | value 1 | ...          (UTF-8, JSON escapes already undone)
 *  spans:  | keyOffset keyLength valueOffset valueLength | ... (valueLength -1 = null)
 * </pre>
 *
 * <p>Not thread-safe: one instance belongs to one decoding or encoding thread and is {@link #clear() cleared}
 * for reuse. The arrays grow to the largest header seen; {@link #clearAndTrim()} gives back arrays grown past
 * {@value #RETAINED_BYTES} bytes or {@value #RETAINED_ENTRIES} entries, so that one large header does not stay
 * pinned by an idle owner.
 *
 * <p>RocketMQ tells a null map from an empty one: a JSON header writes {@code "extFields":{}} for an empty map and
 * leaves the key out for a null one. After {@link #clear()} the list stands for a null map; adding an entry, or
 * {@link #markPresent()}, makes it a present (possibly empty) map. A typed header encoder that mirrors RocketMQ's
 * {@code makeCustomHeaderToNet} (which always creates the map) should call {@link #markPresent()}.
 */
public final class ExtFields {
    /** The {@code valueLength} of a null value. */
    public static final int NULL_LENGTH = -1;
    /** The most key and value bytes {@link #clearAndTrim()} lets a list keep. */
    public static final int RETAINED_BYTES = 4096;
    /** The most entries {@link #clearAndTrim()} lets a list keep room for. */
    public static final int RETAINED_ENTRIES = 64;

    private static final int SPAN_INTS = 4;
    private static final int KEY_OFFSET = 0;
    private static final int KEY_LENGTH = 1;
    private static final int VALUE_OFFSET = 2;
    private static final int VALUE_LENGTH = 3;
    /** The most UTF-8 bytes one Java char takes (a surrogate pair takes four for two). */
    private static final int MAX_UTF8_PER_CHAR = 3;
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};

    private final int initialBytes;
    private final int initialEntries;
    private byte[] bytes;
    private ByteBuffer view;
    private int used;
    private int[] spans;
    private int count;
    private boolean present;

    /** An empty list with room for a typical header. */
    public ExtFields() {
        this(512, 16);
    }

    /** An empty list with the given initial room. */
    public ExtFields(int initialBytes, int initialEntries) {
        this.initialBytes = Math.max(16, initialBytes);
        this.initialEntries = Math.max(1, initialEntries);
        this.bytes = new byte[this.initialBytes];
        this.view = ByteBuffer.wrap(bytes);
        this.spans = new int[this.initialEntries * SPAN_INTS];
    }

    /** Removes every entry and makes the map absent (RocketMQ's null); keeps the arrays. */
    public void clear() {
        used = 0;
        count = 0;
        present = false;
    }

    /**
     * {@link #clear() Clears} the list and replaces an array that grew past {@link #RETAINED_BYTES} bytes or
     * {@link #RETAINED_ENTRIES} entries with one of the initial size. Allocates only after a large header; for
     * owners that outlive the request, once it is done.
     */
    public void clearAndTrim() {
        clear();
        if (bytes.length > Math.max(RETAINED_BYTES, initialBytes)) {
            bytes = new byte[initialBytes];
            view = ByteBuffer.wrap(bytes);
        }
        if (spans.length > Math.max(RETAINED_ENTRIES, initialEntries) * SPAN_INTS) {
            spans = new int[initialEntries * SPAN_INTS];
        }
    }

    /** True when an array grew past {@link #RETAINED_BYTES} bytes or {@link #RETAINED_ENTRIES} entries. */
    public boolean isOversized() {
        return bytes.length > Math.max(RETAINED_BYTES, initialBytes)
            || spans.length > Math.max(RETAINED_ENTRIES, initialEntries) * SPAN_INTS;
    }

    /** The bytes held for keys and values, used or not: what the list keeps in the heap. */
    public int capacityBytes() {
        return bytes.length;
    }

    /** The entries the list has room for without growing. */
    public int capacityEntries() {
        return spans.length / SPAN_INTS;
    }

    /** Makes the map present even while empty, so a JSON header writes {@code "extFields":{}}. */
    public ExtFields markPresent() {
        present = true;
        return this;
    }

    /** True unless the map is absent: it has entries, or was {@link #markPresent() marked present}. */
    public boolean isPresent() {
        return present || count > 0;
    }

    /** The number of entries, duplicates included. */
    public int size() {
        return count;
    }

    /** True if there are no entries. */
    public boolean isEmpty() {
        return count == 0;
    }

    /**
     * The buffer that holds every key and value; index it with {@link #keyOffset}, {@link #valueOffset} and
     * friends. It is replaced when the list grows, so fetch it again after adding entries.
     */
    public ByteBuffer buffer() {
        return view;
    }

    /**
     * The array behind {@link #buffer()}, for code that scans keys and values in place; the same offsets index
     * both. It is replaced when the list grows, so fetch it again after adding entries.
     */
    public byte[] array() {
        return bytes;
    }

    // ---- raw building, for decoders that unescape as they go ------------------------------------------------

    /** The write position in {@link #buffer()}: pass it to {@link #commit} as a start or end. */
    public int position() {
        return used;
    }

    /** Appends one byte at {@link #position()}. */
    public void writeByte(int b) {
        ensureBytes(1);
        bytes[used++] = (byte) b;
    }

    /** Appends {@code length} bytes from absolute {@code index} of {@code source}. */
    public void writeBytes(ByteBuffer source, int index, int length) {
        ensureBytes(length);
        source.get(index, bytes, used, length);
        used += length;
    }

    /** Appends the UTF-8 form of {@code text}. */
    public void writeUtf8(CharSequence text) {
        if (used + text.length() * MAX_UTF8_PER_CHAR > bytes.length) { // else room for any text: skip the measuring pass
            ensureBytes(Utf8.encodedLength(text));
        }
        used += Utf8.encode(text, bytes, used);
    }

    /** Appends {@code value} in decimal. */
    public void writeLong(long value) {
        ensureBytes(AsciiNumbers.length(value));
        used += AsciiNumbers.write(value, bytes, used);
    }

    /** Appends {@code length} bytes of {@code source} from {@code index}. */
    public void writeBytes(byte[] source, int index, int length) {
        ensureBytes(length);
        System.arraycopy(source, index, bytes, used, length);
        used += length;
    }

    /**
     * Records an entry whose key and value were written with the methods above. Pass {@code valueStart} = -1
     * for a null value.
     */
    public void commit(int keyStart, int keyEnd, int valueStart, int valueEnd) {
        if (count * SPAN_INTS == spans.length) {
            spans = java.util.Arrays.copyOf(spans, spans.length * 2);
        }
        int at = count * SPAN_INTS;
        spans[at + KEY_OFFSET] = keyStart;
        spans[at + KEY_LENGTH] = keyEnd - keyStart;
        spans[at + VALUE_OFFSET] = valueStart < 0 ? 0 : valueStart;
        spans[at + VALUE_LENGTH] = valueStart < 0 ? NULL_LENGTH : valueEnd - valueStart;
        count++;
    }

    // ---- typed building, for header encoders ------------------------------------------------------------------

    /** Appends {@code key = value}; a null {@code value} appends nothing, as RocketMQ skips null fields. */
    public ExtFields add(CharSequence key, CharSequence value) {
        if (value != null) {
            int keyStart = used;
            writeUtf8(key);
            int valueStart = used;
            writeUtf8(value);
            commit(keyStart, valueStart, valueStart, used);
        }
        return this;
    }

    /** Appends {@code key = value} in decimal. */
    public ExtFields add(CharSequence key, long value) {
        int keyStart = used;
        writeUtf8(key);
        int valueStart = used;
        writeLong(value);
        commit(keyStart, valueStart, valueStart, used);
        return this;
    }

    /** Appends {@code key = "true" | "false"}. */
    public ExtFields add(CharSequence key, boolean value) {
        return add(key, value ? "true" : "false");
    }

    // Typed headers keep their keys pre-encoded: no per-key UTF-8 measuring and encoding on every encode.

    /** Appends {@code key} (its UTF-8 bytes, not modified) {@code = value}; a null value appends nothing. */
    public ExtFields add(byte[] key, CharSequence value) {
        if (value != null) {
            int keyStart = used;
            writeBytes(key, 0, key.length);
            int valueStart = used;
            writeUtf8(value);
            commit(keyStart, valueStart, valueStart, used);
        }
        return this;
    }

    /** Appends {@code key} (its UTF-8 bytes, not modified) {@code = value} in decimal. */
    public ExtFields add(byte[] key, long value) {
        int keyStart = used;
        writeBytes(key, 0, key.length);
        int valueStart = used;
        writeLong(value);
        commit(keyStart, valueStart, valueStart, used);
        return this;
    }

    /** Appends {@code key} (its UTF-8 bytes, not modified) {@code = "true" | "false"}. */
    public ExtFields add(byte[] key, boolean value) {
        return add(key, value ? TRUE : FALSE, 0, value ? TRUE.length : FALSE.length);
    }

    /** Appends {@code key} (its UTF-8 bytes, not modified) with the {@code length} value bytes of {@code source} from {@code index}. */
    public ExtFields add(byte[] key, byte[] source, int index, int length) {
        int keyStart = used;
        writeBytes(key, 0, key.length);
        int valueStart = used;
        writeBytes(source, index, length);
        commit(keyStart, valueStart, valueStart, used);
        return this;
    }

    /** Appends {@code key} with the {@code length} value bytes at absolute {@code index} of {@code source}. */
    public ExtFields add(CharSequence key, ByteBuffer source, int index, int length) {
        int keyStart = used;
        writeUtf8(key);
        int valueStart = used;
        writeBytes(source, index, length);
        commit(keyStart, valueStart, valueStart, used);
        return this;
    }

    /** Appends every entry of {@code other}, in order. */
    public ExtFields addAll(ExtFields other) {
        for (int i = 0; i < other.count; i++) {
            addCopy(other, i, i);
        }
        return this;
    }

    /** Appends the key of {@code source}'s entry {@code keyEntry} with the value (or null) of its entry {@code valueEntry}. */
    void addCopy(ExtFields source, int keyEntry, int valueEntry) {
        int keyStart = used;
        writeBytes(source.view, source.keyOffset(keyEntry), source.keyLength(keyEntry));
        int keyEnd = used;
        if (source.isNull(valueEntry)) {
            commit(keyStart, keyEnd, -1, -1);
        } else {
            writeBytes(source.view, source.valueOffset(valueEntry), source.valueLength(valueEntry));
            commit(keyStart, keyEnd, keyEnd, used);
        }
    }

    // ---- reading ----------------------------------------------------------------------------------------------

    /** Offset of entry {@code i}'s key in {@link #buffer()}. */
    public int keyOffset(int i) {
        return spans[i * SPAN_INTS + KEY_OFFSET];
    }

    /** Length in bytes of entry {@code i}'s key. */
    public int keyLength(int i) {
        return spans[i * SPAN_INTS + KEY_LENGTH];
    }

    /** Offset of entry {@code i}'s value in {@link #buffer()}. */
    public int valueOffset(int i) {
        return spans[i * SPAN_INTS + VALUE_OFFSET];
    }

    /** Length in bytes of entry {@code i}'s value, or {@link #NULL_LENGTH}. */
    public int valueLength(int i) {
        return spans[i * SPAN_INTS + VALUE_LENGTH];
    }

    /** True if entry {@code i}'s value is null. */
    public boolean isNull(int i) {
        return valueLength(i) == NULL_LENGTH;
    }

    /** True if entry {@code i}'s key is {@code key}. */
    public boolean keyEquals(int i, CharSequence key) {
        return Utf8.equals(view, keyOffset(i), keyLength(i), key);
    }

    /** True if entry {@code i}'s key is the UTF-8 bytes {@code key}: one vectorised array compare. */
    public boolean keyEquals(int i, byte[] key) {
        int from = keyOffset(i);
        return keyLength(i) == key.length && java.util.Arrays.equals(bytes, from, from + key.length, key, 0, key.length);
    }

    /** The index of the last entry with this key, or -1. */
    public int indexOf(CharSequence key) {
        for (int i = count - 1; i >= 0; i--) {
            if (keyEquals(i, key)) {
                return i;
            }
        }
        return -1;
    }

    /** Entry {@code i}'s key as a new string. */
    public String keyString(int i) {
        return Utf8.decode(view, keyOffset(i), keyLength(i));
    }

    /** Entry {@code i}'s value as a new string, or null. */
    public String valueString(int i) {
        return isNull(i) ? null : Utf8.decode(view, valueOffset(i), valueLength(i));
    }

    /** Entry {@code i}'s value as the canonical string of {@code table}, or null. */
    public String valueInterned(int i, InternTable table) {
        return isNull(i) ? null : table.intern(bytes, valueOffset(i), valueLength(i));
    }

    /** Entry {@code i}'s value as a decimal long, or {@link AsciiNumbers#INVALID} if null or not a number. */
    public long valueLong(int i) {
        return isNull(i) ? AsciiNumbers.INVALID : AsciiNumbers.parseLong(bytes, valueOffset(i), valueLength(i));
    }

    /** Entry {@code i}'s value as Java's {@code Boolean.parseBoolean} reads it: "true" in any case. */
    public boolean valueBoolean(int i) {
        int at = valueOffset(i);
        return valueLength(i) == 4 && (bytes[at] | 0x20) == 't' && (bytes[at + 1] | 0x20) == 'r'
            && (bytes[at + 2] | 0x20) == 'u' && (bytes[at + 3] | 0x20) == 'e';
    }

    /** The last value for {@code key} as a new string, or null if absent or null. */
    public String get(CharSequence key) {
        int i = indexOf(key);
        return i < 0 ? null : valueString(i);
    }

    /** A new map of every entry, later duplicates winning, in first-seen key order. Off the hot path only. */
    public Map<String, String> toMap() {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            map.put(keyString(i), valueString(i));
        }
        return map;
    }

    /**
     * Appends {@code map}'s entries after the present ones, in the map's iteration order; null values are kept as
     * null. Call {@link #clear()} first to replace the content.
     */
    public ExtFields putAll(Map<String, String> map) {
        for (Map.Entry<String, String> entry : map.entrySet()) {
            int keyStart = used;
            writeUtf8(entry.getKey());
            int keyEnd = used;
            if (entry.getValue() == null) {
                commit(keyStart, keyEnd, -1, -1);
            } else {
                writeUtf8(entry.getValue());
                commit(keyStart, keyEnd, keyEnd, used);
            }
        }
        return this;
    }

    private void ensureBytes(int more) {
        if (used + more > bytes.length) {
            int size = Math.max(bytes.length * 2, used + more);
            bytes = java.util.Arrays.copyOf(bytes, size);
            view = ByteBuffer.wrap(bytes);
        }
    }

    @Override
    public String toString() {
        return toMap().toString();
    }
}
