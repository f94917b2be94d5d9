package io.apogee.broker.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.server.BrokerConfig;
import io.apogee.broker.server.BrokerConfigException;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class DelayLevelsTest {
    @Test
    void theDefaultIsRocketMqsEighteenLevels() {
        DelayLevels levels = DelayLevels.parse(DelayLevels.DEFAULT);
        assertThat(levels.count()).isEqualTo(18);
        assertThat(levels.millis(1)).isEqualTo(1_000);
        assertThat(levels.millis(3)).isEqualTo(10_000);
        assertThat(levels.millis(5)).isEqualTo(60_000);
        assertThat(levels.millis(18)).isEqualTo(2 * 3_600_000);
        assertThat(levels.cap(19)).isEqualTo(18);
        assertThat(levels.cap(4)).isEqualTo(4);
    }

    @Test
    void unitsAndBadDurations() {
        assertThat(DelayLevels.parse(" 2s  3m 1h 1d ").millis(4)).isEqualTo(86_400_000);
        assertThatThrownBy(() -> DelayLevels.parse("1s 5x")).hasMessageContaining("5x");
        assertThatThrownBy(() -> DelayLevels.parse("0s")).hasMessageContaining("positive");
        assertThatThrownBy(() -> DelayLevels.parse("  ")).hasMessageContaining("no delay levels");
    }

    @Test
    void theBrokerReadsMessageDelayLevelAndNamesItWhenBad() {
        Properties properties = new Properties();
        properties.setProperty("messageDelayLevel", "1s 1s 2s");
        assertThat(BrokerConfig.of(properties, Path.of("data")).delayLevels().count()).isEqualTo(3);
        properties.setProperty("messageDelayLevel", "soon");
        assertThatThrownBy(() -> BrokerConfig.of(properties, Path.of("data")))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("messageDelayLevel");
    }
}
