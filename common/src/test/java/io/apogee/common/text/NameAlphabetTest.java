package io.apogee.common.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The alphabet holds exactly {@code [%|a-zA-Z0-9_-]}, checked character by character over the first 64 K chars. */
class NameAlphabetTest {
    @Test
    void holdsExactlyRocketMqsCharacters() {
        for (char c = 0; c < Character.MAX_VALUE; c++) {
            boolean expected = String.valueOf(c).matches("[%|a-zA-Z0-9_-]");
            assertThat(NameAlphabet.holds(String.valueOf(c))).as("char %d", (int) c).isEqualTo(expected);
        }
        assertThat(NameAlphabet.holds("")).isTrue();
        assertThat(NameAlphabet.holds("%RETRY%group_1|a-b")).isTrue();
        assertThat(NameAlphabet.holds("x/y")).isFalse();
    }
}
