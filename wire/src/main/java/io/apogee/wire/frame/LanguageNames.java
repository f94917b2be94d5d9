package io.apogee.wire.frame;

import io.apogee.wire.code.LanguageCode;
import java.nio.charset.StandardCharsets;

/**
 * Language names as the JSON header carries them. Writing uses the enum name ({@code "JAVA"}). Reading follows
 * fastjson2's enum matching, which RocketMQ 5.x relies on: ASCII case is ignored and {@code '_'} and {@code '-'}
 * are skipped, so {@code "java"}, {@code "nodejs"} and {@code "Node-JS"} all name a language; anything else
 * (including {@code ""}) names none and reads as null.
 *
 * <p>Stateless and thread-safe.
 */
final class LanguageNames {
    private static final LanguageCode[] LANGUAGES = LanguageCode.values();
    private static final byte[][] NAMES = new byte[LANGUAGES.length][];
    private static final int ASCII_CASE_BIT = 0x20;
    private static final byte UNDERSCORE = '_';
    private static final byte HYPHEN = '-';

    static {
        for (LanguageCode language : LANGUAGES) {
            NAMES[language.ordinal()] = language.name().getBytes(StandardCharsets.US_ASCII);
        }
    }

    private LanguageNames() {
    }

    /** The enum name of {@code language} in ASCII; shared, never modify it. */
    static byte[] name(LanguageCode language) {
        return NAMES[language.ordinal()];
    }

    /** The language the {@code length} bytes at {@code index} name, or null. */
    static LanguageCode find(byte[] buffer, int index, int length) {
        for (LanguageCode language : LANGUAGES) {
            if (sameIgnoringCaseAndSeparators(buffer, index, length, NAMES[language.ordinal()])) {
                return language;
            }
        }
        return null;
    }

    private static boolean sameIgnoringCaseAndSeparators(byte[] buffer, int index, int length, byte[] name) {
        int at = index;
        int end = index + length;
        int matched = 0;
        while (true) {
            while (at < end && isSeparator(buffer[at])) {
                at++;
            }
            while (matched < name.length && isSeparator(name[matched])) {
                matched++;
            }
            if (at == end || matched == name.length) {
                return at == end && matched == name.length;
            }
            if (!sameLetter(buffer[at], name[matched])) {
                return false;
            }
            at++;
            matched++;
        }
    }

    private static boolean isSeparator(byte b) {
        return b == UNDERSCORE || b == HYPHEN;
    }

    /** {@code upper} is an upper-case letter or digit of an enum name. */
    private static boolean sameLetter(byte b, byte upper) {
        return b == upper || upper >= 'A' && upper <= 'Z' && (b | ASCII_CASE_BIT) == (upper | ASCII_CASE_BIT);
    }
}
