package io.apogee.wire.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.apogee.wire.code.LanguageCode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The JSON header decoder's tolerances (those of RocketMQ's fastjson decoders) and its specific errors. */
class JsonHeaderDecoderTest {
    private final JsonHeaderDecoder decoder = new JsonHeaderDecoder();

    private RemotingHeader decode(String json) {
        return decode(json.getBytes(StandardCharsets.UTF_8));
    }

    private RemotingHeader decode(byte[] bytes) {
        RemotingHeader header = new RemotingHeader();
        ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length + 10);
        buffer.put(5, bytes);
        decoder.decode(buffer, 5, bytes.length, header);
        return header;
    }

    private CorruptFrameException corrupt(String json) {
        return corrupt(json.getBytes(StandardCharsets.UTF_8));
    }

    private CorruptFrameException corrupt(byte[] bytes) {
        try {
            decode(bytes);
        } catch (CorruptFrameException e) {
            return e;
        }
        throw new AssertionError("decoded without error: " + new String(bytes, StandardCharsets.UTF_8));
    }

    @Test
    void readsTheSendMessageExampleOfTheProtocolReference() {
        RemotingHeader header = decode("{\"code\":310,\"extFields\":{\"a\":\"PG\",\"b\":\"TopicTest\",\"i\":\"KEYS\\u0001KEY1 KEY2\\u0002"
            + "WAIT\\u0001true\\u0002\",\"n\":\"broker-a\"},\"flag\":0,\"language\":\"JAVA\",\"opaque\":8,"
            + "\"serializeTypeCurrentRPC\":\"JSON\",\"version\":493}");
        assertThat(header.code()).isEqualTo(310);
        assertThat(header.opaque()).isEqualTo(8);
        assertThat(header.version()).isEqualTo(493);
        assertThat(header.language()).isEqualTo(LanguageCode.JAVA);
        assertThat(header.serializeType()).isEqualTo(SerializeType.JSON);
        assertThat(header.ext().toMap()).containsExactly(entry("a", "PG"), entry("b", "TopicTest"),
            entry("i", "KEYS\u0001KEY1 KEY2\u0002WAIT\u0001true\u0002"), entry("n", "broker-a"));
    }

    @Test
    void missingKeysTakeRocketMqsDefaults() {
        RemotingHeader header = decode("{}");
        assertThat(header.code()).isZero();
        assertThat(header.language()).isEqualTo(LanguageCode.JAVA);
        assertThat(header.version()).isZero();
        assertThat(header.opaque()).isZero();
        assertThat(header.flag()).isZero();
        assertThat(header.remark()).isNull();
        assertThat(header.ext().isPresent()).isFalse();
    }

    @Test
    void skipsUnknownKeysOfEveryType() {
        RemotingHeader header = decode("{\"s\":\"x\\\"}\",\"n\":-1.5e+3,\"t\":true,\"f\":false,\"z\":null,\"o\":{\"a\":[1,{\"b\":null},[]],"
            + "\"c\":{}},\"a\":[],\"code\":7,\"serializeTypeCurrentRPC\":\"ROCKETMQ\",\"suspended\":false}");
        assertThat(header.code()).isEqualTo(7);
        assertThat(header.serializeType()).isEqualTo(SerializeType.JSON);
        assertThat(header.ext().isPresent()).isFalse();
    }

    @Test
    void acceptsWhitespaceEverywhere() {
        RemotingHeader header = decode(" \t\r\n{ \"code\" :\t12 ,\n\"extFields\" : { \"k\" : \"v\" , \"n\" : 5 } , \"flag\":1 }\r\n ");
        assertThat(header.code()).isEqualTo(12);
        assertThat(header.flag()).isEqualTo(1);
        assertThat(header.ext().toMap()).containsExactly(entry("k", "v"), entry("n", "5"));
    }

    @Test
    void keepsNumericAndBooleanExtValuesAsTheirTextAndNullValuesAsNull() {
        RemotingHeader header = decode("{\"extFields\":{\"offset\":12,\"neg\":-7,\"big\":12345678901234567890123,\"dec\":1.50,"
            + "\"exp\":1E+3,\"yes\":true,\"no\":false,\"none\":null}}");
        ExtFields ext = header.ext();
        assertThat(ext.get("offset")).isEqualTo("12");
        assertThat(ext.valueLong(ext.indexOf("offset"))).isEqualTo(12);
        assertThat(ext.get("neg")).isEqualTo("-7");
        assertThat(ext.get("big")).isEqualTo("12345678901234567890123");
        assertThat(ext.get("dec")).isEqualTo("1.50");
        assertThat(ext.get("exp")).isEqualTo("1E+3");
        assertThat(ext.get("yes")).isEqualTo("true");
        assertThat(ext.get("no")).isEqualTo("false");
        assertThat(ext.isNull(ext.indexOf("none"))).isTrue();
        assertThat(ext.size()).isEqualTo(8);
    }

    @Test
    void undoesEveryEscape() {
        RemotingHeader header = decode("{\"remark\":\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u0041\\u00e9\\u4E2D \\ud83d\\ude00 \\u0000\","
            + "\"extFields\":{\"k\\u0001\\\"\":\"v\\u0002\\\\\"}}");
        assertThat(header.remark()).isEqualTo("q\" b\\ s/ \b\f\n\r\t Aé中 \uD83D\uDE00 \u0000");
        assertThat(header.ext().toMap()).containsExactly(entry("k\u0001\"", "v\u0002\\"));
    }

    @Test
    void storesALoneSurrogateEscapeAsTheQuestionMarkRocketMqWouldReencode() {
        RemotingHeader header = decode("{\"remark\":\"a\\ud800b\\udc00c\\ud800\\u0041\",\"extFields\":{\"k\":\"\\ud83d\"}}");
        assertThat(header.remark()).isEqualTo("a?b?c?A");
        assertThat(header.ext().get("k")).isEqualTo("?");
    }

    @Test
    void keepsRawUtf8AndRawControlCharacters() {
        RemotingHeader header = decode("{\"remark\":\"中文 é 😀\",\"extFields\":{\"ключ\":\"a\u0001b\tc\"}}");
        assertThat(header.remark()).isEqualTo("中文 é 😀");
        assertThat(header.ext().toMap()).containsExactly(entry("ключ", "a\u0001b\tc"));
    }

    @ParameterizedTest
    @CsvSource({"\"JAVA\",JAVA", "\"java\",JAVA", "\"Go\",GO", "\"NODE_JS\",NODE_JS", "\"nodejs\",NODE_JS", "\"node-js\",NODE_JS",
        "\"RUST\",RUST", "0,JAVA", "3,PYTHON", "13,NODE_JS", "\"COBOL\",", "\"\",", "\"JAVA \",", "null,"})
    void readsTheLanguageByNameOrOrdinalAsFastjsonDoes(String value, LanguageCode expected) {
        assertThat(decode("{\"language\":" + value + "}").language()).isEqualTo(expected);
    }

    @Test
    void readsIntsFromNumbersQuotedNumbersAndNull() {
        RemotingHeader header = decode("{\"code\":\"105\",\"flag\":\"-3\",\"opaque\":-2147483648,\"version\":null}");
        assertThat(header.code()).isEqualTo(105);
        assertThat(header.flag()).isEqualTo(-3);
        assertThat(header.opaque()).isEqualTo(Integer.MIN_VALUE);
        assertThat(header.version()).isZero();
    }

    @Test
    void tellsANullExtMapFromAnEmptyOneAndLetsTheLastExtFieldsWin() {
        assertThat(decode("{\"extFields\":null}").ext().isPresent()).isFalse();
        RemotingHeader empty = decode("{\"extFields\":{}}");
        assertThat(empty.ext().isPresent()).isTrue();
        assertThat(empty.ext().size()).isZero();
        assertThat(decode("{\"extFields\":{\"a\":\"1\"},\"extFields\":{\"b\":\"2\"}}").ext().toMap()).containsExactly(entry("b", "2"));
        assertThat(decode("{\"extFields\":{\"a\":\"1\"},\"extFields\":null}").ext().isPresent()).isFalse();
    }

    @Test
    void keepsDuplicateExtKeysInWireOrderAndReadsTheLast() {
        ExtFields ext = decode("{\"extFields\":{\"a\":\"1\",\"b\":\"2\",\"a\":\"3\"}}").ext();
        assertThat(ext.size()).isEqualTo(3);
        assertThat(ext.get("a")).isEqualTo("3");
    }

    @Test
    void keepsAnEmptyRemark() {
        assertThat(decode("{\"remark\":\"\"}").remark()).isEmpty();
        assertThat(decode("{\"remark\":null}").remark()).isNull();
    }

    @Test
    void reportsTruncation() {
        assertError(corrupt(""), FrameError.HEADER_TRUNCATED, "the header ends where '{' to open an object should be");
        assertError(corrupt("{\"code\":1"), FrameError.HEADER_TRUNCATED, "',' or '}' after an object member");
        assertError(corrupt("{\"remark\":\"abc"), FrameError.HEADER_TRUNCATED, "inside the string that starts at header byte 10");
        assertError(corrupt("{\"remark\":\"ab\\"), FrameError.HEADER_TRUNCATED, "inside an escape");
        assertError(corrupt("{\"remark\":\"ab\\u00"), FrameError.HEADER_TRUNCATED, "inside a \\u escape");
        assertError(corrupt("{\"code\":-"), FrameError.HEADER_TRUNCATED, "inside a number");
        assertError(corrupt("{\"x\":tru"), FrameError.HEADER_TRUNCATED, "inside 'true'");
        assertError(corrupt(new byte[] {'{', '"', 'a', (byte) 0xE4, (byte) 0xB8}), FrameError.HEADER_TRUNCATED, "inside a UTF-8 sequence");
    }

    @Test
    void reportsBrokenJson() {
        assertError(corrupt("[]"), FrameError.MALFORMED_JSON, "expected '{' to open an object, found '[' at header byte 0");
        assertError(corrupt("{'code':1}"), FrameError.MALFORMED_JSON, "expected a string, found ''' at header byte 1");
        assertError(corrupt("{\"code\" 1}"), FrameError.MALFORMED_JSON, "expected ':' after a key, found '1' at header byte 8");
        assertError(corrupt("{\"code\":1 \"flag\":1}"), FrameError.MALFORMED_JSON, "expected ',' or '}' after an object member");
        assertError(corrupt("{\"code\":1,}"), FrameError.MALFORMED_JSON, "expected a string, found '}'");
        assertError(corrupt("{\"x\":[1 2]}"), FrameError.MALFORMED_JSON, "expected ',' or ']' after an array element");
        assertError(corrupt("{\"x\":nul}"), FrameError.MALFORMED_JSON, "expected 'null', found 'nul}'");
        assertError(corrupt("{\"x\":@}"), FrameError.MALFORMED_JSON, "expected a value, found '@' at header byte 5");
        assertError(corrupt("{\"code\"::1}"), FrameError.MALFORMED_JSON, "expected a value, found ':' at header byte 8");
        assertError(corrupt("{\"remark\":}"), FrameError.MALFORMED_JSON, "expected a value, found '}'");
        assertError(corrupt("{\"extFields\":,}"), FrameError.MALFORMED_JSON, "expected a value, found ','");
    }

    @Test
    void reportsTrailingGarbage() {
        assertError(corrupt("{\"code\":1} x"),
            FrameError.TRAILING_BYTES, "unexpected 'x' after the end of the header object at header byte 11");
        assertError(corrupt("{}{}"), FrameError.TRAILING_BYTES, "after the end of the header object");
        assertError(corrupt(new byte[] {'{', '}', 0}), FrameError.TRAILING_BYTES, "unexpected byte 0x00");
    }

    @Test
    void reportsBadEscapes() {
        assertError(corrupt("{\"remark\":\"\\x41\"}"), FrameError.BAD_ESCAPE, "unknown escape '\\x' at header byte 11");
        assertError(corrupt("{\"remark\":\"\\u12G4\"}"), FrameError.BAD_ESCAPE, "\\u escape needs 4 hex digits, found 'G'");
        assertError(corrupt("{\"k\\'\":1}"), FrameError.BAD_ESCAPE, "unknown escape '\\''");
    }

    @Test
    void reportsInvalidUtf8() {
        byte[][] invalid = {
            {(byte) 0x80}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xC1, (byte) 0xBF}, {(byte) 0xE0, (byte) 0x80, (byte) 0x80},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF0, (byte) 0x80, (byte) 0x80, (byte) 0x80},
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80},
            {(byte) 0xFF}, {(byte) 0xC3, 'a'},
        };
        for (byte[] sequence : invalid) {
            byte[] json = new byte[sequence.length + 16];
            byte[] prefix = "{\"remark\":\"".getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(prefix, 0, json, 0, prefix.length);
            System.arraycopy(sequence, 0, json, prefix.length, sequence.length);
            byte[] suffix = "\"}".getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(suffix, 0, json, prefix.length + sequence.length, suffix.length);
            byte[] exact = java.util.Arrays.copyOf(json, prefix.length + sequence.length + suffix.length);
            assertError(corrupt(exact), FrameError.INVALID_UTF8, "malformed UTF-8 sequence starting with byte 0x");
        }
    }

    @Test
    void reportsBadNumbers() {
        assertError(corrupt("{\"code\":1.5}"),
            FrameError.BAD_NUMBER, "code must be an integer in the int range, found '1.5' at header byte 8");
        assertError(corrupt("{\"code\":1e2}"), FrameError.BAD_NUMBER, "found '1e2'");
        assertError(corrupt("{\"opaque\":2147483648}"),
            FrameError.BAD_NUMBER, "opaque must be an integer in the int range, found '2147483648'");
        assertError(corrupt("{\"flag\":\"12abc\"}"), FrameError.BAD_NUMBER, "found '12abc'");
        assertError(corrupt("{\"version\":\"\"}"), FrameError.BAD_NUMBER, "version must be an integer");
        assertError(corrupt("{\"code\":012}"), FrameError.BAD_NUMBER, "number with a leading zero: '012'");
        assertError(corrupt("{\"code\":-x}"), FrameError.BAD_NUMBER, "expected an integer digit, found 'x'");
        assertError(corrupt("{\"extFields\":{\"k\":1.}}"), FrameError.BAD_NUMBER, "expected a fraction digit, found '}'");
        assertError(corrupt("{\"x\":1e+}"), FrameError.BAD_NUMBER, "expected an exponent digit, found '}'");
    }

    @Test
    void reportsValuesOfTheWrongType() {
        assertError(corrupt("{\"code\":{}}"), FrameError.BAD_VALUE_TYPE, "code must be an integer, found '{' at header byte 8");
        assertError(corrupt("{\"flag\":true}"), FrameError.BAD_VALUE_TYPE, "flag must be an integer, found 't'");
        assertError(corrupt("{\"extFields\":[]}"), FrameError.BAD_VALUE_TYPE, "extFields must be an object or null, found '['");
        assertError(corrupt("{\"extFields\":{\"k\":{}}}"),
            FrameError.BAD_VALUE_TYPE, "an ext value must be a string, number, boolean or null");
        assertError(corrupt("{\"extFields\":{\"k\":[1]}}"), FrameError.BAD_VALUE_TYPE, "found '['");
        assertError(corrupt("{\"remark\":5}"), FrameError.BAD_VALUE_TYPE, "remark must be a string or null, found '5'");
        assertError(corrupt("{\"language\":99}"), FrameError.BAD_VALUE_TYPE, "language ordinal 99 names no language at header byte 12");
        assertError(corrupt("{\"language\":-1}"), FrameError.BAD_VALUE_TYPE, "language ordinal -1 names no language");
        assertError(corrupt("{\"language\":true}"), FrameError.BAD_VALUE_TYPE, "language must be an integer, found 't'");
    }

    @Test
    void limitsNesting() {
        int allowed = JsonScanner.MAX_NESTING_DEPTH - 1;
        decode("{\"x\":" + "[".repeat(allowed) + "]".repeat(allowed) + "}");
        assertError(corrupt("{\"x\":" + "[".repeat(allowed + 1) + "]".repeat(allowed + 1) + "}"), FrameError.NESTING_TOO_DEEP,
            "values nest deeper than " + JsonScanner.MAX_NESTING_DEPTH + " levels");
        assertError(corrupt("{\"x\":" + "{\"a\":".repeat(100_000)), FrameError.NESTING_TOO_DEEP, "levels");
    }

    @Test
    void reusesTheHeaderAndClearsWhatTheLastFrameLeft() {
        RemotingHeader header = new RemotingHeader();
        byte[] first = "{\"code\":1,\"remark\":\"r\",\"language\":\"GO\",\"extFields\":{\"a\":\"1\"}}".getBytes(StandardCharsets.UTF_8);
        decoder.decode(ByteBuffer.wrap(first), 0, first.length, header);
        byte[] second = "{\"code\":2}".getBytes(StandardCharsets.UTF_8);
        decoder.decode(ByteBuffer.wrap(second), 0, second.length, header);
        assertThat(header.code()).isEqualTo(2);
        assertThat(header.remark()).isNull();
        assertThat(header.language()).isEqualTo(LanguageCode.JAVA);
        assertThat(header.ext().isPresent()).isFalse();
    }

    static void assertError(CorruptFrameException error, FrameError kind, String messagePart) {
        assertThat(error.kind()).as(error.getMessage()).isEqualTo(kind);
        assertThat(error.getMessage()).contains(messagePart);
        assertThat(error.getStackTrace()).isEmpty();
    }

    @Test
    void errorsAreStackless() {
        assertThatThrownBy(() -> decode("{")).isInstanceOf(CorruptFrameException.class)
            .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
    }
}
