package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.broker.testing.TempMetadata;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The broker config changed at run time: kept over broker.conf, and a kept file that cannot apply stops start-up. */
class RuntimeSettingsTest {
    @TempDir
    Path dir;

    @Test
    void aKeptChangeOverridesBrokerConf() {
        Properties file = new Properties();
        file.setProperty("transactionTimeOut", "9000");
        file.setProperty("brokerSuspendMaxTimeMillis", "1000");
        MetadataFiles files = keep("transactionTimeOut=7000\n");
        RuntimeSettings settings = RuntimeSettings.open(BrokerConfig.of(file, dir), files);
        assertThat(settings.transactionTimeoutMillis()).isEqualTo(7_000);
        assertThat(settings.suspendMaxMillis()).isEqualTo(1_000);
        assertThat(settings.current()).containsEntry("transactionTimeOut", "7000")
            .containsEntry("brokerSuspendMaxTimeMillis", "1000");
    }

    @Test
    void aKeptStartUpKeyOrBadValueStopsStartUpNamingTheFile() {
        BrokerConfig config = BrokerConfig.of(new Properties(), dir);
        assertThatThrownBy(() -> RuntimeSettings.open(config, keep("listenPort=1\n")))
            .isInstanceOf(BrokerConfigException.class)
            .hasMessageStartingWith(RuntimeSettings.FILE_NAME + ": listenPort is read at start-up only");
        assertThatThrownBy(() -> RuntimeSettings.open(config, keep("transactionCheckMax=-1\n")))
            .hasMessage(RuntimeSettings.FILE_NAME + ": transactionCheckMax: must be 1.." + Integer.MAX_VALUE + ": -1");
    }

    private MetadataFiles keep(String text) {
        MetadataFiles files = TempMetadata.files(dir.resolve("metadata"));
        files.replace(RuntimeSettings.FILE_NAME, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
        return files;
    }
}
