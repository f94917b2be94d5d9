package io.apogee.client.consumer;

import io.apogee.wire.message.PropertiesReader;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Tag filters compare the TAGS property as bytes: exact tags only, non-ASCII tags too, the last TAGS entry wins. */
class TagFilterTest {
    private static final char NAME_VALUE = 1;
    private static final char ENTRY = 2;

    @Test
    void matchesOnlyTheExactTagsOfTheLastTagsEntry() {
        TagFilter filter = new TagFilter(Set.of("TagA", "Zürich"));

        assertThat(filter.matches(properties("KEYS", "k1", "TAGS", "TagA"))).isTrue();
        assertThat(filter.matches(properties("TAGS", "Zürich", "KEYS", "k1"))).isTrue();
        assertThat(filter.matches(properties("TAGS", "TagAB"))).isFalse();
        assertThat(filter.matches(properties("TAGS", "Tag"))).isFalse();
        assertThat(filter.matches(properties("XTAGS", "TagA"))).isFalse();
        assertThat(filter.matches(properties("KEYS", "TagA"))).as("no TAGS entry").isFalse();
        assertThat(filter.matches(properties("TAGS", "TagA", "TAGS", "TagB"))).as("the last entry counts").isFalse();
        assertThat(filter.isFor(Set.of("TagA"))).isFalse();
    }

    @Test
    void leavesTheReaderRewound() {
        PropertiesReader reader = properties("TAGS", "TagA", "KEYS", "k1");
        new TagFilter(Set.of("TagA")).matches(reader);
        assertThat(reader.next()).isTrue();
        assertThat(reader.name()).isEqualTo("TAGS");
    }

    private static PropertiesReader properties(String... pairs) {
        StringBuilder text = new StringBuilder("#");
        for (int i = 0; i < pairs.length; i += 2) {
            text.append(pairs[i]).append(NAME_VALUE).append(pairs[i + 1]).append(ENTRY);
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        return new PropertiesReader().wrap(ByteBuffer.wrap(bytes), 1, bytes.length - 1);
    }
}
