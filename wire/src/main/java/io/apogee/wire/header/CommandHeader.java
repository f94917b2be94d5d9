package io.apogee.wire.header;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.SerializeType;

/**
 * A typed request or response header: the fields that Apache RocketMQ flattens into a frame's {@code extFields},
 * read from and written to {@link ExtFields} by hand-written code, with no string map and no reflection.
 * Implementations are mutable and meant to be reused, one instance per thread, {@link #decode decoded} into for
 * every frame; they are not thread-safe.
 *
 * <p>Fields come in three kinds, named in each class's Javadoc:
 * <ul>
 *   <li><b>required</b>: RocketMQ marks them {@code @CFNotNull} and every client since 4.9.8 sends them. Missing,
 *       or not a number where a number is due, {@link #decode} throws {@link MalformedHeaderException}.</li>
 *   <li><b>defaulted</b>: primitives (or initialised fields) in RocketMQ, so always sent by it; when absent (older
 *       clients) they read as RocketMQ's default. {@link #encode} always writes them.</li>
 *   <li><b>optional</b>: may be absent; accessors return null (or a {@code hasX()} says so on the hot headers). A
 *       present optional number that does not parse is malformed too.</li>
 * </ul>
 */
public interface CommandHeader {
    /** Resets every field: optional ones become absent, required ones zero or null, defaulted ones their default. */
    void clear();

    /**
     * {@link #clear() Clears} this header, then reads it from {@code ext}. As in RocketMQ, unknown keys are ignored,
     * the last of duplicate keys wins, and a null value counts as absent. Topic, group, broker and cluster names
     * are taken from {@code names}, so a name seen before costs no allocation.
     *
     * @throws MalformedHeaderException if a required field is missing or a number does not parse
     */
    void decode(ExtFields ext, InternTable names);

    /**
     * Appends every set field to {@code ext}, in the order in which Apache RocketMQ 5.4.0's {@code HashMap} of
     * ext fields iterates them: the order of its JSON headers, and of its binary headers for every header that
     * is not a {@code FastCodesHeader}. Absent optional fields are skipped, as RocketMQ skips null fields.
     */
    void encode(ExtFields ext);

    /**
     * Appends every set field in the order RocketMQ writes them in a header of the given serialization. Only the
     * four {@code FastCodesHeader} types (SEND V2 and PULL requests, SEND and PULL responses) write binary headers
     * in a different order, their own field order; everything else is {@link #encode(ExtFields)}.
     */
    default void encode(ExtFields ext, SerializeType type) {
        encode(ext);
    }
}
