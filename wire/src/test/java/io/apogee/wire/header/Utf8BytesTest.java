package io.apogee.wire.header;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Utf8BytesTest {
    @Test
    void startsNullAndTellsNullFromEmpty() {
        Utf8Bytes bytes = new Utf8Bytes();
        assertThat(bytes.isNull()).isTrue();
        assertThat(bytes.asString()).isNull();
        assertThat(bytes.contentEquals(null)).isTrue();
        bytes.set("");
        assertThat(bytes.isNull()).isFalse();
        assertThat(bytes.length()).isZero();
        assertThat(bytes.asString()).isEmpty();
        assertThat(bytes.contentEquals(null)).isFalse();
    }

    @Test
    void copiesBytesInAndGrowsForLongValues() {
        String text = "KEYS\u0001k\u0002\u4e2d\u00e9".repeat(100);
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        ByteBuffer source = ByteBuffer.allocate(utf8.length + 10);
        source.put(5, utf8);
        Utf8Bytes bytes = new Utf8Bytes().copyFrom(source, 5, utf8.length);
        assertThat(bytes.length()).isEqualTo(utf8.length);
        assertThat(bytes.asString()).isEqualTo(text);
        assertThat(bytes.contentEquals(text)).isTrue();
        assertThat(bytes.contentEquals(text + "x")).isFalse();
        assertThat(new Utf8Bytes().set(text).asString()).isEqualTo(text);
        assertThat(new Utf8Bytes().set(bytes).asString()).isEqualTo(text);
        assertThat(bytes.buffer().array()).isSameAs(bytes.array());
    }

    @Test
    void reusesItsArrayForShorterValues() {
        Utf8Bytes bytes = new Utf8Bytes().set("a".repeat(1000));
        byte[] array = bytes.array();
        bytes.set("short");
        assertThat(bytes.array()).isSameAs(array);
        assertThat(bytes).hasToString("short");
        assertThat(bytes.setNull()).hasToString("null");
    }
}
