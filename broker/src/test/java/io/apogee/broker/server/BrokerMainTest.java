package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerMainTest {
    @TempDir
    Path dir;

    @Test
    void commandLineTakesAConfigFile() throws IOException {
        Path file = dir.resolve("broker.conf");
        Files.writeString(file, "brokerName=broker-c\n");
        assertThat(BrokerMain.parse(new String[] {"-c", file.toString()}, dir).brokerName()).isEqualTo("broker-c");
        assertThat(BrokerMain.parse(new String[0], dir).brokerName()).isEqualTo("broker-a");
        assertThatThrownBy(() -> BrokerMain.parse(new String[] {"-x"}, dir)).hasMessageContaining("usage: apogee broker");
        assertThatThrownBy(() -> BrokerMain.parse(new String[] {"-c", dir.resolve("missing").toString()}, dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("cannot read the config file");
    }
}
