package io.apogee.wire.code;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LanguageCodeTest {
    @Test
    void matchesRocketMqsLanguagesByNameAndCode() {
        var theirs = org.apache.rocketmq.remoting.protocol.LanguageCode.values();
        assertThat(LanguageCode.values()).hasSameSizeAs(theirs);
        for (var language : theirs) {
            LanguageCode ours = LanguageCode.valueOf(language.name());
            assertThat(ours.code()).as(language.name()).isEqualTo(language.getCode());
            assertThat(LanguageCode.fromCode(language.getCode())).isSameAs(ours);
        }
        assertThat(LanguageCode.fromCode(theirs.length)).isNull();
        assertThat(LanguageCode.fromCode(-1)).isNull();
    }
}
