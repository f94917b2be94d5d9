package io.apogee.controller.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ControllerMainTest {
    @TempDir
    Path dir;

    @Test
    void theConfigFileIsReadWithItsKeysChecked() throws Exception {
        Path file = dir.resolve("n1.conf");
        Files.writeString(file, """
            # one replica of three
            controllerDLegerPeers=n0-127.0.0.1:9877;n1-127.0.0.1:9887;n2-127.0.0.1:9897
            controllerDLegerSelfId=n1
            controllerStorePath=%s
            listenPort=9888
            enableElectUncleanMaster=true
            """.formatted(dir.resolve("store")));
        ControllerConfig config = ControllerMain.parse(new String[] {"-c", file.toString()});
        assertThat(config.selfId()).isEqualTo("n1");
        assertThat(config.self().port()).isEqualTo(9887);
        assertThat(config.listenPort()).isEqualTo(9888);
        assertThat(config.electUncleanMaster()).isTrue();
        assertThat(config.storePath()).isEqualTo(dir.resolve("store"));

        Files.writeString(file, "controllerDLegerPeers=n0-127.0.0.1:9877\ncontrollerDLegerSelfId=n0\nlistenport=1\n");
        assertThatThrownBy(() -> ControllerMain.parse(new String[] {"-c", file.toString()}))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[listenport]");
        assertThatThrownBy(() -> ControllerMain.parse(new String[0]))
            .hasMessage("usage: apogee controller -c FILE");
    }
}
