package io.apogee.compat.v4;

/**
 * The escapes fastjson 1.2.69 (RocketMQ 4.9.8) writes differently from fastjson2 (RocketMQ 5.4.0 and our encoder):
 * upper-case hex in {@code \}{@code u00XX}, and escaped DEL, the C1 controls U+0080-U+009F, U+2028 and U+2029,
 * which fastjson2 writes raw. Works on
 * JSON text, walking escapes so that an escaped backslash is never mistaken for the start of an escape.
 */
final class Fastjson1Escapes {
    private static final int HEX_DIGITS = 4;
    /** DEL, the first of the characters fastjson 1 escapes above the ASCII controls. */
    private static final int FIRST_ESCAPED_C1 = 0x7F;
    /** The last C1 control character. */
    private static final int LAST_ESCAPED_C1 = 0x9F;
    private static final int LINE_SEPARATOR = 0x2028;
    private static final int PARAGRAPH_SEPARATOR = 0x2029;

    private Fastjson1Escapes() {
    }

    /** True if the JSON text holds an escape that fastjson2 would write differently. */
    static boolean hasDifferentEscape(String json) {
        return !asFastjson2(json).equals(json);
    }

    /** The JSON text with each of fastjson 1's differing escapes written as fastjson2 writes it. */
    static String asFastjson2(String json) {
        StringBuilder out = new StringBuilder(json.length());
        int i = 0;
        while (i < json.length()) {
            char c = json.charAt(i);
            if (c != '\\') {
                out.append(c);
                i++;
            } else if (json.charAt(i + 1) != 'u') {
                out.append(c).append(json.charAt(i + 1));
                i += 2;
            } else {
                String hex = json.substring(i + 2, i + 2 + HEX_DIGITS);
                int value = Integer.parseInt(hex, 16);
                if (value >= FIRST_ESCAPED_C1 && value <= LAST_ESCAPED_C1 || value == LINE_SEPARATOR || value == PARAGRAPH_SEPARATOR) {
                    out.append((char) value);
                } else {
                    out.append("\\u").append(hex.toLowerCase(java.util.Locale.ROOT));
                }
                i += 2 + HEX_DIGITS;
            }
        }
        return out.toString();
    }
}
