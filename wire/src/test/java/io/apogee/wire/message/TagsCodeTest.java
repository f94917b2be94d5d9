package io.apogee.wire.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TagsCodeTest {
    @Test
    void tagACodeIsTheDocumentedValue() {
        ByteBuffer buffer = ByteBuffer.wrap("TagA".getBytes(StandardCharsets.US_ASCII));
        assertThat(TagsCode.of(buffer, 0, 4)).isEqualTo(2598919L);
        assertThat(TagsCode.of("TagA")).isEqualTo(2598919L);
    }

    @Test
    void noTagsIsZero() {
        assertThat(TagsCode.of(ByteBuffer.allocate(0), 0, 0)).isZero();
        assertThat(TagsCode.of((CharSequence) null)).isZero();
        assertThat(TagsCode.of("")).isZero();
    }

    @Test
    void codeIsStringHashCodeSignExtendedForAnyTag() {
        SplittableRandom random = Seeds.random("TagsCodeTest");
        for (int i = 0; i < 3000; i++) {
            String tag = RandomText.unicode(random, 25);
            byte[] bytes = tag.getBytes(StandardCharsets.UTF_8);
            ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length + 3).put(3, bytes);
            assertThat(TagsCode.of(buffer, 3, bytes.length)).as(tag).isEqualTo((long) tag.hashCode());
        }
    }

    @Test
    void codeFromPropertiesReadsTheTagsEntry() {
        byte[] bytes = "KEYS\u0001k\u0002TAGS\u0001\u4E2D\uD83D\uDE00\u0002".getBytes(StandardCharsets.UTF_8);
        PropertiesReader reader = new PropertiesReader().wrap(ByteBuffer.wrap(bytes), 0, bytes.length);
        assertThat(TagsCode.of(reader)).isEqualTo((long) "\u4E2D\uD83D\uDE00".hashCode());
        byte[] none = "KEYS\u0001k\u0002".getBytes(StandardCharsets.UTF_8);
        assertThat(TagsCode.of(new PropertiesReader().wrap(ByteBuffer.wrap(none), 0, none.length))).isZero();
    }
}
