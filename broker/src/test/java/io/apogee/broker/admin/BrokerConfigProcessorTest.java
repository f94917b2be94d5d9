package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.broker.server.BrokerConfig;
import io.apogee.broker.server.RuntimeSettings;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mqadmin's getBrokerConfig and updateBrokerConfig: the config as a properties text, and changes at run time. */
class BrokerConfigProcessorTest {
    @TempDir
    Path dir;

    @Test
    void theConfigIsAPropertiesTextOfEveryKeyButTheSecrets() {
        Properties file = new Properties();
        file.setProperty("brokerName", "broker-b");
        file.setProperty("tls.server.keyPassword", "hush");
        RuntimeSettings settings = RuntimeSettings.open(BrokerConfig.of(file, dir), TempMetadata.files(dir));
        try (ProcessorHarness harness = new ProcessorHarness(new BrokerConfigProcessor(settings),
            BrokerConfigProcessor.CODES)) {
            Map<String, String> shown = shown(harness);
            assertThat(shown).containsEntry("brokerName", "broker-b").containsEntry("brokerClusterName", "DefaultCluster")
                .containsEntry("transactionCheckMax", "15").containsEntry("storePathRootDir", dir.toString())
                .containsEntry("messageDelayLevel", "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h")
                .doesNotContainKeys("tls.server.keyPassword", "initAuthenticationUser",
                    "innerClientAuthenticationCredentials");
            assertThat(shown.values()).doesNotContain("hush");
        }
    }

    @Test
    void aRuntimeKeyChangesAtOnceAndAfterARestart() {
        MetadataFiles files = TempMetadata.files(dir);
        BrokerConfig config = BrokerConfig.of(new Properties(), dir);
        RuntimeSettings settings = RuntimeSettings.open(config, files);
        try (ProcessorHarness harness = new ProcessorHarness(new BrokerConfigProcessor(settings),
            BrokerConfigProcessor.CODES)) {
            Frame answer = harness.sendRaw(RequestCode.UPDATE_BROKER_CONFIG, Map.of(),
                ProcessorHarness.utf8("transactionCheckMax=3\nbrokerSuspendMaxTimeMillis=2000\n"));
            assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(settings.transactionCheckMax()).isEqualTo(3);
            assertThat(settings.suspendMaxMillis()).isEqualTo(2_000);
            assertThat(shown(harness)).containsEntry("transactionCheckMax", "3")
                .containsEntry("brokerSuspendMaxTimeMillis", "2000");
            assertThat(harness.sendRaw(RequestCode.UPDATE_BROKER_CONFIG, Map.of(), null).code())
                .isEqualTo(ResponseCode.SUCCESS);
        }
        RuntimeSettings restarted = RuntimeSettings.open(config, files);
        assertThat(restarted.transactionCheckMax()).isEqualTo(3);
        assertThat(restarted.suspendMaxMillis()).isEqualTo(2_000);
        assertThat(restarted.transactionTimeoutMillis()).isEqualTo(6_000);
    }

    @Test
    void startUpKeysUnknownKeysAndBadValuesAreRefusedAndNothingChanges() {
        RuntimeSettings settings = RuntimeSettings.open(BrokerConfig.of(new Properties(), dir), TempMetadata.files(dir));
        try (ProcessorHarness harness = new ProcessorHarness(new BrokerConfigProcessor(settings),
            BrokerConfigProcessor.CODES)) {
            Frame startUpOnly = update(harness, "transactionCheckMax=3\nbrokerName=other\n");
            assertThat(startUpOnly.code()).isEqualTo(ResponseCode.NO_PERMISSION);
            assertThat(startUpOnly.remark()).startsWith("brokerName is read at start-up only: change it in broker.conf"
                + " and restart. Keys that may change at run time: brokerSuspendMaxTimeMillis, transactionTimeOut,"
                + " transactionCheckMax");
            Frame unknown = update(harness, "noSuchKey=1");
            assertThat(unknown.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(unknown.remark()).startsWith("unknown key noSuchKey");
            Frame bad = update(harness, "transactionCheckMax=0");
            assertThat(bad.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(bad.remark()).isEqualTo("transactionCheckMax: must be 1.." + Integer.MAX_VALUE + ": 0");
            Frame notANumber = update(harness, "transactionTimeOut=soon");
            assertThat(notANumber.remark()).isEqualTo("transactionTimeOut: bad value 'soon'");
            Frame malformed = update(harness, "key=\\u12");
            assertThat(malformed.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(malformed.remark()).isEqualTo("the body is not a properties text");
            assertThat(settings.transactionCheckMax()).isEqualTo(15);
            assertThat(shown(harness)).containsEntry("transactionCheckMax", "15").containsEntry("brokerName", "broker-a");
        }
        assertThat(TempMetadata.files(dir).read(RuntimeSettings.FILE_NAME)).isNull();
    }

    private static Frame update(ProcessorHarness harness, String text) {
        return harness.sendRaw(RequestCode.UPDATE_BROKER_CONFIG, Map.of(), text.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, String> shown(ProcessorHarness harness) {
        Frame answer = harness.sendRaw(RequestCode.GET_BROKER_CONFIG, Map.of(), null);
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        return BrokerConfigProcessor.pairs(answer.text());
    }
}
