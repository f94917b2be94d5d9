package io.apogee.broker.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EpochFileTest {
    @TempDir
    Path dir;

    @Test
    void epochsBegunAreKeptAcrossARestartAndANewerOneDropsWhatTheLogNoLongerHolds() {
        EpochFile epochs = new EpochFile(dir);
        assertThat(epochs.entries()).isEmpty();
        assertThat(epochs.lastEpoch()).isZero();
        epochs.begin(1, 0);
        epochs.begin(2, 500);
        epochs.begin(3, 900);
        assertThat(new EpochFile(dir).entries())
            .containsExactly(new EpochEntry(1, 0), new EpochEntry(2, 500), new EpochEntry(3, 900));
        // the log was cut at 700: epoch 3 began past it, and epoch 5 follows what is left
        epochs.begin(5, 700);
        assertThat(new EpochFile(dir).entries())
            .containsExactly(new EpochEntry(1, 0), new EpochEntry(2, 500), new EpochEntry(5, 700));
        assertThat(new EpochFile(dir).lastEpoch()).isEqualTo(5);
    }

    @Test
    void theConsistentPointIsTheLesserEndOfTheNewestEpochBothLogsStartedAlike() {
        List<EpochEntry> oldMaster = List.of(new EpochEntry(1, 0));
        List<EpochEntry> newMaster = List.of(new EpochEntry(1, 0), new EpochEntry(2, 800));
        assertThat(EpochFile.consistentPoint(oldMaster, 1_000, newMaster, 1_200))
            .as("the old master's tail past the new master's epoch start").isEqualTo(800);
        assertThat(EpochFile.consistentPoint(oldMaster, 600, newMaster, 1_200))
            .as("a slave behind the new master's start cuts nothing").isEqualTo(600);
        assertThat(EpochFile.consistentPoint(newMaster, 1_100, newMaster, 1_200)).isEqualTo(1_100);
        List<EpochEntry> otherEpochTwo = List.of(new EpochEntry(1, 0), new EpochEntry(2, 900));
        assertThat(EpochFile.consistentPoint(otherEpochTwo, 1_000, newMaster, 1_200))
            .as("epoch 2 began elsewhere: epoch 1 is the newest shared").isEqualTo(800);
        assertThat(EpochFile.consistentPoint(List.of(new EpochEntry(4, 0)), 100, newMaster, 1_200)).isEqualTo(-1);
        assertThat(EpochFile.consistentPoint(List.of(), 100, newMaster, 1_200)).isEqualTo(-1);
    }

    @Test
    void aFileOutOfOrderOrNotOfEpochLinesIsRefused() throws Exception {
        Files.writeString(dir.resolve(EpochFile.NAME), "1 0\n2 500\n2 700\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new EpochFile(dir)).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("out of order at '2 700'");
        Files.writeString(dir.resolve(EpochFile.NAME), "1 zero\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new EpochFile(dir)).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("not an 'epoch startOffset' line");
    }

    @Test
    void anEpochCacheAnswerIsCheckedAsItIsRead() {
        EpochCache cache = EpochCache.parse(("{\"clusterName\":\"c\",\"brokerName\":\"b\",\"brokerId\":0,\"epochList\":"
            + "[{\"epoch\":1,\"startOffset\":0,\"endOffset\":800},{\"epoch\":2,\"startOffset\":800,\"endOffset\":900}],"
            + "\"maxOffset\":900}").getBytes(StandardCharsets.UTF_8));
        assertThat(cache).isEqualTo(new EpochCache(List.of(new EpochEntry(1, 0), new EpochEntry(2, 800)), 900));
        assertThatThrownBy(() -> EpochCache.parse("{".getBytes(StandardCharsets.UTF_8)))
            .isInstanceOf(ControllerException.class).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> EpochCache.parse("{\"epochList\":[]}".getBytes(StandardCharsets.UTF_8)))
            .hasMessageContaining("needs epochList and maxOffset");
        assertThatThrownBy(() -> EpochCache.parse(("{\"epochList\":[{\"epoch\":2,\"startOffset\":0},"
            + "{\"epoch\":1,\"startOffset\":5}],\"maxOffset\":9}").getBytes(StandardCharsets.UTF_8)))
            .hasMessageContaining("out of order");
        assertThatThrownBy(() -> EpochCache.parse(("{\"epochList\":[{\"epoch\":1,\"startOffset\":50}],\"maxOffset\":9}")
            .getBytes(StandardCharsets.UTF_8))).hasMessageContaining("past maxOffset 9");
        assertThatThrownBy(() -> EpochCache.parse(("{\"epochList\":[{\"epoch\":1}],\"maxOffset\":9}")
            .getBytes(StandardCharsets.UTF_8))).hasMessageContaining("needs epoch and startOffset");
    }
}
