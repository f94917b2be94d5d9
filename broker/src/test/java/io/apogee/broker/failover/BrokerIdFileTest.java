package io.apogee.broker.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerIdFileTest {
    @TempDir
    Path dir;

    @Test
    void anIdWrittenIsReadBackByTheSameGroupAfterARestart() {
        assertThat(new BrokerIdFile(dir, "c", "broker-a").read()).isEmpty();
        new BrokerIdFile(dir, "c", "broker-a").write(3);
        assertThat(new BrokerIdFile(dir, "c", "broker-a").read()).hasValue(3);
        new BrokerIdFile(dir, "c", "broker-a").write(4);
        assertThat(new BrokerIdFile(dir, "c", "broker-a").read()).hasValue(4);
        assertThat(dir.resolve("brokerIdentity")).exists();
        assertThat(dir.resolve("brokerIdentity.tmp")).doesNotExist();
        assertThat(new BrokerIdFile(dir, "c", "broker-a").confirmed()).isTrue();
    }

    @Test
    void aCandidateIsKeptUnconfirmedAndCanBeForgotten() {
        BrokerIdFile file = new BrokerIdFile(dir, "c", "broker-a");
        assertThat(file.confirmed()).isFalse();
        file.write(2, false);
        assertThat(file.read()).hasValue(2);
        assertThat(file.confirmed()).isFalse();
        file.clear();
        assertThat(file.read()).isEmpty();
        file.write(3, true);
        assertThat(file.confirmed()).isTrue();
    }

    @Test
    void theFileOfAnotherGroupOrWithoutAValidIdIsRefusedByName() throws Exception {
        new BrokerIdFile(dir, "c", "broker-a").write(3);
        assertThatThrownBy(() -> new BrokerIdFile(dir, "c", "broker-b").read())
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("belongs to c/broker-a, not c/broker-b");
        assertThatThrownBy(() -> new BrokerIdFile(dir, "other", "broker-a").read())
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("not other/broker-a");
        Files.writeString(dir.resolve("brokerIdentity"), "clusterName=c\nbrokerName=broker-a\nbrokerId=0\n",
            StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new BrokerIdFile(dir, "c", "broker-a").read())
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("no broker id above 0: 0");
    }
}
