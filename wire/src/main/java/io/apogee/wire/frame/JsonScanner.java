package io.apogee.wire.frame;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A cursor over the bytes of one JSON header, reading RFC 8259 JSON token by token without building strings:
 * strings are unescaped and UTF-8-checked straight into an {@link ExtFields} sink, numbers are checked and left in
 * place, and values the header does not need are skipped to a bounded depth. Every defect becomes a
 * {@link CorruptFrameException} whose message gives the offset from the first header byte.
 *
 * <p>Not thread-safe: one scanner belongs to one {@link JsonHeaderDecoder}. It keeps a small scratch list for
 * keys and short values, and a copy of a direct buffer's header; both grow to the largest seen until
 * {@link #trim()} gives them back.
 */
final class JsonScanner {
    /** Values may nest this deep (the header object is level 1, {@code extFields} level 2). */
    static final int MAX_NESTING_DEPTH = 32;
    /** What {@link #readInt} returns for a JSON {@code null}. */
    static final long NULL_INT = Long.MIN_VALUE;

    private static final byte QUOTE = '"';
    private static final byte BACKSLASH = '\\';
    private static final byte SLASH = '/';
    private static final byte COLON = ':';
    private static final byte COMMA = ',';
    private static final byte OPEN_OBJECT = '{';
    private static final byte CLOSE_OBJECT = '}';
    private static final byte OPEN_ARRAY = '[';
    private static final byte CLOSE_ARRAY = ']';
    private static final byte MINUS = '-';
    private static final byte PLUS = '+';
    private static final byte DECIMAL_POINT = '.';
    private static final byte EXPONENT = 'e';
    private static final int ASCII_CASE_BIT = 0x20;
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};
    /** Not a byte: marks the {@code \}{@code u} escape in {@link #simpleEscape}. */
    private static final int UNICODE_ESCAPE = -1;
    private static final byte UNICODE_ESCAPE_LETTER = 'u';
    /** A backslash, {@code u} and four hex digits. */
    private static final int UNICODE_ESCAPE_SIZE = 6;
    private static final int UNICODE_ESCAPE_DIGITS_OFFSET = 2;
    private static final int HEX_DIGITS = 4;
    private static final int HEX_DIGIT_BITS = 4;
    private static final int HEX_LETTER_VALUE = 10;
    private static final int SIMPLE_ESCAPE_SIZE = 2;
    /** What {@code String.getBytes(UTF_8)} writes for a lone surrogate, so re-encoding matches RocketMQ. */
    private static final byte LONE_SURROGATE_REPLACEMENT = '?';
    private static final int MAX_INT_DIGITS = 10;
    private static final int DECIMAL_RADIX = 10;
    private static final int FIRST_PRINTABLE = 0x21;
    private static final int LAST_PRINTABLE = 0x7E;
    private static final int BYTE_MASK = 0xFF;
    private static final int MAX_QUOTED_TEXT = 40;
    /** The largest copy of a direct header {@link #trim()} lets the scanner keep. */
    static final int RETAINED_COPY_BYTES = 4096;
    private static final byte[] NO_BYTES = new byte[0];

    private final ExtFields scratch = new ExtFields(64, 1);
    /** The header bytes: a heap buffer's own array, or {@link #directCopy} for a direct buffer. */
    private byte[] buffer;
    /** A direct buffer's header is copied here once, so that the scanner reads plain arrays (bounds checks hoisted). */
    private byte[] directCopy = NO_BYTES;
    private int start;
    private int pos;
    private int end;

    /** Points the scanner at the {@code length} header bytes at {@code offset}. */
    void reset(ByteBuffer source, int offset, int length) {
        int first = offset;
        if (source.hasArray()) {
            buffer = source.array();
            first += source.arrayOffset();
        } else {
            if (directCopy.length < length) {
                directCopy = new byte[length];
            }
            source.get(offset, directCopy, 0, length);
            buffer = directCopy;
            first = 0;
        }
        this.start = first;
        this.pos = first;
        this.end = first + length;
    }

    /**
     * Forgets the last header's bytes (a heap buffer's array would stay reachable otherwise) and gives back scratch
     * space that one large header made grow. Allocates nothing unless it shrinks something.
     */
    void trim() {
        buffer = null;
        if (directCopy.length > RETAINED_COPY_BYTES) {
            directCopy = NO_BYTES;
        }
        scratch.clearAndTrim();
    }

    /** The heap bytes kept between headers: the direct-header copy and the scratch list. */
    int retainedBytes() {
        return directCopy.length + scratch.capacityBytes();
    }

    /** A scratch list for short strings; a read into it starts with {@link ExtFields#clear()}. */
    ExtFields scratch() {
        return scratch;
    }

    /** The offset of the next byte from the first header byte. */
    int headerOffset() {
        return pos - start;
    }

    // ---- structure ----------------------------------------------------------------------------------------------

    /**
     * Skips JSON whitespace and returns the next byte without consuming it. {@code what} names what should be there;
     * pass a constant, as building a message on every call would allocate on the hot path.
     */
    byte peekValue(String what) {
        skipWhitespace();
        if (pos >= end) {
            throw truncated("the header ends where " + what + " should be");
        }
        return buffer[pos];
    }

    /** Consumes the {@code ':'} between a key and its value. */
    void expectKeySeparator() {
        expect(COLON, "after a key");
    }

    /** Consumes {@code expected} after optional whitespace. */
    private void expect(byte expected, String where) {
        skipWhitespace();
        if (pos >= end) {
            throw truncated("the header ends where '" + (char) expected + "' " + where + " should be");
        }
        byte found = buffer[pos];
        if (found != expected) {
            throw error(FrameError.MALFORMED_JSON, "expected '" + (char) expected + "' " + where + ", found " + describe(found));
        }
        pos++;
    }

    /** Consumes the {@code '{'} of an object at {@code depth}; true if a member follows, false if it was {@code {}}. */
    boolean openObject(int depth) {
        checkDepth(depth);
        expect(OPEN_OBJECT, "to open an object");
        if (peekValue("a key or '}'") == CLOSE_OBJECT) {
            pos++;
            return false;
        }
        return true;
    }

    /** After an object member: consumes {@code ','} and answers true, or consumes {@code '}'} and answers false. */
    boolean nextMember() {
        return next(CLOSE_OBJECT, "after an object member");
    }

    /** Fails unless only whitespace is left. */
    void expectEnd() {
        skipWhitespace();
        if (pos < end) {
            throw error(FrameError.TRAILING_BYTES, "unexpected " + describe(buffer[pos]) + " after the end of the header object");
        }
    }

    // ---- strings ------------------------------------------------------------------------------------------------

    /** Reads a string, appending its unescaped UTF-8 bytes to {@code sink} (which may be null to just check it). */
    void readString(ExtFields sink) {
        byte first = peekValue("a string");
        if (first != QUOTE) {
            throw error(FrameError.MALFORMED_JSON, "expected a string, found " + describe(first));
        }
        int opening = pos;
        int at = pos + 1;
        int run = at;
        while (true) {
            at = PlainRuns.skip(buffer, at, end);
            if (at >= end) {
                pos = at;
                throw truncated("the header ends inside the string that starts at header byte " + (opening - start));
            }
            byte b = buffer[at];
            if (b == QUOTE) {
                flush(sink, run, at);
                pos = at + 1;
                return;
            } else if (b == BACKSLASH) {
                flush(sink, run, at);
                at = unescape(at, sink);
                run = at;
            } else if (b < 0) {
                at += checkedSequenceLength(at);
            } else {
                at++;
            }
        }
    }

    /** Reads a string into the {@link #scratch()} list, replacing what it held. */
    void readStringToScratch() {
        scratch.clear();
        readString(scratch);
    }

    private void flush(ExtFields sink, int from, int to) {
        if (sink != null && to > from) {
            sink.writeBytes(buffer, from, to - from);
        }
    }

    private int checkedSequenceLength(int at) {
        int length = Utf8Sequences.sequenceLength(buffer, at, end);
        if (length == Utf8Sequences.TRUNCATED) {
            pos = end;
            throw truncated("the header ends inside a UTF-8 sequence that starts at header byte " + (at - start));
        }
        if (length == Utf8Sequences.MALFORMED) {
            pos = at;
            throw error(FrameError.INVALID_UTF8, "malformed UTF-8 sequence starting with " + describe(buffer[at]));
        }
        return length;
    }

    /** Decodes the escape whose backslash is at {@code at} into {@code sink}; returns the index after it. */
    private int unescape(int at, ExtFields sink) {
        pos = at;
        if (at + 1 >= end) {
            throw truncated("the header ends inside an escape");
        }
        int simple = simpleEscape(buffer[at + 1]);
        if (simple != UNICODE_ESCAPE) {
            if (sink != null) {
                sink.writeByte(simple);
            }
            return at + SIMPLE_ESCAPE_SIZE;
        }
        char unit = (char) hex4(at + UNICODE_ESCAPE_DIGITS_OFFSET);
        int next = at + UNICODE_ESCAPE_SIZE;
        if (Character.isHighSurrogate(unit) && isUnicodeEscape(next)) {
            char low = (char) hex4(next + UNICODE_ESCAPE_DIGITS_OFFSET);
            if (Character.isLowSurrogate(low)) {
                if (sink != null) {
                    Utf8Sequences.write(Character.toCodePoint(unit, low), sink);
                }
                return next + UNICODE_ESCAPE_SIZE;
            }
        }
        if (sink != null) {
            if (Character.isSurrogate(unit)) {
                sink.writeByte(LONE_SURROGATE_REPLACEMENT);
            } else {
                Utf8Sequences.write(unit, sink);
            }
        }
        return next;
    }

    private int simpleEscape(byte letter) {
        return switch (letter) {
            case QUOTE, BACKSLASH, SLASH -> letter;
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case UNICODE_ESCAPE_LETTER -> UNICODE_ESCAPE;
            default -> throw error(FrameError.BAD_ESCAPE, "unknown escape '\\" + describeBare(letter) + "'");
        };
    }

    private boolean isUnicodeEscape(int at) {
        return at + 1 < end && buffer[at] == BACKSLASH && buffer[at + 1] == UNICODE_ESCAPE_LETTER;
    }

    private int hex4(int at) {
        if (at + HEX_DIGITS > end) {
            pos = end;
            throw truncated("the header ends inside a \\u escape");
        }
        int value = 0;
        for (int i = 0; i < HEX_DIGITS; i++) {
            int digit = hexValue(buffer[at + i]);
            if (digit < 0) {
                pos = at + i;
                throw error(FrameError.BAD_ESCAPE, "\\u escape needs 4 hex digits, found " + describe(buffer[at + i]));
            }
            value = value << HEX_DIGIT_BITS | digit;
        }
        return value;
    }

    private static int hexValue(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        int lower = b | ASCII_CASE_BIT;
        return lower >= 'a' && lower <= 'f' ? lower - 'a' + HEX_LETTER_VALUE : -1;
    }

    // ---- numbers and literals ---------------------------------------------------------------------------------

    /**
     * Reads an int field: a JSON integer, a string holding one (fastjson2 accepts both), or {@code null}, which
     * answers {@link #NULL_INT}. Fractions, exponents and values outside the int range are {@link FrameError#BAD_NUMBER}.
     */
    long readInt(String field) {
        skipWhitespace();
        if (pos >= end) {
            throw truncated("the header ends where the value of " + field + " should be");
        }
        byte first = buffer[pos];
        int at = pos;
        if (first == QUOTE) {
            readStringToScratch();
            return parseInt(scratch.array(), 0, scratch.position(), field, at);
        } else if (first == MINUS || isDigit(first)) {
            int from = readNumber();
            return parseInt(buffer, from, pos - from, field, at);
        } else if (first == NULL[0]) {
            readLiteral(NULL);
            return NULL_INT;
        }
        throw wrongType(field + " must be an integer", first);
    }

    private long parseInt(byte[] source, int from, int length, String field, int at) {
        int index = from;
        int stop = from + length;
        boolean negative = index < stop && source[index] == MINUS;
        if (negative) {
            index++;
        }
        long value = 0;
        boolean valid = index < stop && stop - index <= MAX_INT_DIGITS;
        for (int i = index; valid && i < stop; i++) {
            byte b = source[i];
            valid = isDigit(b);
            value = value * DECIMAL_RADIX + (b - '0');
        }
        value = negative ? -value : value;
        if (!valid || value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            pos = at;
            throw error(FrameError.BAD_NUMBER, field + " must be an integer in the int range, found '"
                + quote(source, from, length) + "'");
        }
        return value;
    }

    /** Checks a JSON number at the cursor and moves past it; returns the index of its first byte. */
    private int readNumber() {
        int from = pos;
        if (buffer[pos] == MINUS) {
            pos++;
        }
        boolean leadingZero = pos < end && buffer[pos] == '0';
        skipDigits("an integer digit");
        if (leadingZero && pos - from > (buffer[from] == MINUS ? 2 : 1)) {
            throw error(FrameError.BAD_NUMBER, "number with a leading zero: '" + quote(buffer, from, pos - from) + "'");
        }
        if (pos < end && buffer[pos] == DECIMAL_POINT) {
            pos++;
            skipDigits("a fraction digit");
        }
        if (pos < end && (buffer[pos] | ASCII_CASE_BIT) == EXPONENT) {
            pos++;
            if (pos < end && (buffer[pos] == PLUS || buffer[pos] == MINUS)) {
                pos++;
            }
            skipDigits("an exponent digit");
        }
        return from;
    }

    private void skipDigits(String what) {
        if (pos >= end) {
            throw truncated("the header ends inside a number where " + what + " should be");
        }
        if (!isDigit(buffer[pos])) {
            throw error(FrameError.BAD_NUMBER, "malformed number: expected " + what + ", found " + describe(buffer[pos]));
        }
        while (pos < end && isDigit(buffer[pos])) {
            pos++;
        }
    }

    private void readLiteral(byte[] word) {
        if (pos + word.length > end) {
            throw truncated("the header ends inside '" + new String(word, StandardCharsets.US_ASCII) + "'");
        }
        for (int i = 0; i < word.length; i++) {
            if (buffer[pos + i] != word[i]) {
                throw error(FrameError.MALFORMED_JSON, "expected '" + new String(word, StandardCharsets.US_ASCII)
                    + "', found '" + quote(buffer, pos, word.length) + "'");
            }
        }
        pos += word.length;
    }

    /** True if the next value is the literal {@code null}, which is then consumed. */
    boolean readNullIfPresent() {
        if (peekValue("a value") == NULL[0]) {
            readLiteral(NULL);
            return true;
        }
        return false;
    }

    /**
     * Reads a scalar as text into {@code sink}, the way fastjson2 turns a value into a map's String: a string
     * unescaped, a number or {@code true}/{@code false} as written. Answers false, writing nothing, for
     * {@code null}. Objects and arrays are {@link FrameError#BAD_VALUE_TYPE}.
     */
    boolean readScalarText(ExtFields sink, String what) {
        byte first = peekValue(what);
        if (first == QUOTE) {
            readString(sink);
            return true;
        }
        int from = pos;
        if (startsNumber(first)) {
            readNumber();
        } else if (startsLiteral(first)) {
            readLiteral(literalStartingWith(first));
            if (first == NULL[0]) {
                return false;
            }
        } else if (first == OPEN_OBJECT || first == OPEN_ARRAY) {
            throw error(FrameError.BAD_VALUE_TYPE, what + " must be a string, number, boolean or null, found " + describe(first));
        } else {
            throw error(FrameError.MALFORMED_JSON, "expected " + what + ", found " + describe(first));
        }
        sink.writeBytes(buffer, from, pos - from);
        return true;
    }

    private static byte[] literalStartingWith(byte first) {
        return first == TRUE[0] ? TRUE : first == FALSE[0] ? FALSE : NULL;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    private static boolean startsLiteral(byte b) {
        return b == TRUE[0] || b == FALSE[0] || b == NULL[0];
    }

    private static boolean startsNumber(byte b) {
        return b == MINUS || isDigit(b);
    }

    // ---- skipping -----------------------------------------------------------------------------------------------

    /** Checks and skips one value of any type; {@code depth} is the level a container value would open. */
    void skipValue(int depth) {
        byte first = peekValue("a value");
        if (first == QUOTE) {
            readString(null);
        } else if (first == OPEN_OBJECT) {
            skipObject(depth);
        } else if (first == OPEN_ARRAY) {
            skipArray(depth);
        } else if (startsNumber(first)) {
            readNumber();
        } else if (startsLiteral(first)) {
            readLiteral(literalStartingWith(first));
        } else {
            throw error(FrameError.MALFORMED_JSON, "expected a value, found " + describe(first));
        }
    }

    private void skipObject(int depth) {
        if (!openObject(depth)) {
            return;
        }
        do {
            readString(null);
            expectKeySeparator();
            skipValue(depth + 1);
        } while (nextMember());
    }

    private void skipArray(int depth) {
        checkDepth(depth);
        pos++;
        if (peekValue("a value or ']'") == CLOSE_ARRAY) {
            pos++;
            return;
        }
        do {
            skipValue(depth + 1);
        } while (next(CLOSE_ARRAY, "after an array element"));
    }

    private boolean next(byte close, String where) {
        skipWhitespace();
        if (pos >= end) {
            throw truncated("the header ends where ',' or '" + (char) close + "' " + where + " should be");
        }
        byte found = buffer[pos++];
        if (found == COMMA) {
            return true;
        } else if (found == close) {
            return false;
        }
        pos--;
        throw error(FrameError.MALFORMED_JSON, "expected ',' or '" + (char) close + "' " + where + ", found " + describe(found));
    }

    private void checkDepth(int depth) {
        if (depth > MAX_NESTING_DEPTH) {
            throw error(FrameError.NESTING_TOO_DEEP, "values nest deeper than " + MAX_NESTING_DEPTH + " levels");
        }
    }

    private void skipWhitespace() {
        while (pos < end) {
            byte b = buffer[pos];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return;
            }
            pos++;
        }
    }

    // ---- errors -------------------------------------------------------------------------------------------------

    /**
     * The report for a value that cannot go where it is: {@link FrameError#BAD_VALUE_TYPE} if {@code first} starts a
     * JSON value of another type, {@link FrameError#MALFORMED_JSON} if it starts no value at all.
     */
    CorruptFrameException wrongType(String expectation, byte first) {
        boolean startsValue = first == QUOTE || first == OPEN_OBJECT || first == OPEN_ARRAY || startsNumber(first) || startsLiteral(first);
        return startsValue
            ? error(FrameError.BAD_VALUE_TYPE, expectation + ", found " + describe(first))
            : error(FrameError.MALFORMED_JSON, "expected a value, found " + describe(first));
    }

    /** A corrupt-header report of {@code kind} at the cursor. */
    CorruptFrameException error(FrameError kind, String what) {
        return new CorruptFrameException(kind, "JSON header: " + what + " at header byte " + (pos - start));
    }

    private CorruptFrameException truncated(String what) {
        return new CorruptFrameException(FrameError.HEADER_TRUNCATED, "JSON header: " + what + " (header length " + (end - start) + ")");
    }

    /** A byte as a message shows it: the character if printable, else its hex value. */
    static String describe(byte b) {
        return b >= FIRST_PRINTABLE && b <= LAST_PRINTABLE ? "'" + (char) b + "'" : String.format("byte 0x%02x", b & BYTE_MASK);
    }

    private static String describeBare(byte b) {
        return b >= FIRST_PRINTABLE && b <= LAST_PRINTABLE ? String.valueOf((char) b) : String.format("0x%02x", b & BYTE_MASK);
    }

    private static String quote(byte[] source, int from, int length) {
        int shown = Math.min(length, MAX_QUOTED_TEXT);
        return new String(source, from, shown, StandardCharsets.UTF_8) + (shown < length ? "..." : "");
    }
}
