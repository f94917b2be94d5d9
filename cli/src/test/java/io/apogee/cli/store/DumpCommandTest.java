package io.apogee.cli.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code apogee store dump} prints the records a MessageStore wrote, and its filters select them. */
class DumpCommandTest {
    @TempDir
    Path dir;
    WrittenStore store;

    @BeforeEach
    void write() throws IOException {
        store = WrittenStore.write(dir);
    }

    @Test
    void printsEveryRecordInLogOrder() {
        List<String> lines = WrittenStore.run("dump", dir.toString()).lines();

        assertThat(lines).hasSize(WrittenStore.RECORDS);
        for (int i = 0; i < WrittenStore.RECORDS; i++) {
            TestRecord record = store.records.get(i);
            assertThat(lines.get(i)).startsWith("offset=" + record.physicalOffset + " topic=" + (i % 3 == 2 ? "B" : "A"))
                .contains(" queueOffset=" + record.queueOffset + " ",
                    " stored=" + Instant.ofEpochMilli(StoreFixture.START_MILLIS + i * 1000L) + " ",
                    " born=10.0.0.7:40000 ", " keys=k" + i + " ", " tags=Tag" + (i % 2) + " ", " bodySize=");
        }
    }

    @Test
    void filtersByTopicQueueKeyAndLimit() {
        assertThat(WrittenStore.run("dump", dir.toString(), "--topic", "B").lines()).hasSize(10)
            .allMatch(line -> line.contains(" topic=B queue=0 "));
        assertThat(WrittenStore.run("dump", dir.toString(), "--topic", "A", "--queue", "1").lines()).hasSize(10)
            .allMatch(line -> line.contains(" topic=A queue=1 "));
        assertThat(WrittenStore.run("dump", dir.toString(), "--key", "k7").lines()).singleElement()
            .asString().contains("keys=k7 ");
        assertThat(WrittenStore.run("dump", dir.toString(), "--limit", "4").lines()).hasSize(4);
    }

    @Test
    void filtersByPhysicalOffsetAndTime() {
        long from = store.records.get(10).physicalOffset;
        long to = store.records.get(15).physicalOffset;
        assertThat(WrittenStore.run("dump", dir.toString(), "--from-offset", Long.toString(from), "--to-offset",
            Long.toString(to)).lines()).hasSize(5).first().asString().startsWith("offset=" + from + " ");

        String fromTime = Instant.ofEpochMilli(StoreFixture.START_MILLIS + 20_000).toString();
        String toTime = Long.toString(StoreFixture.START_MILLIS + 23_000);
        assertThat(WrittenStore.run("dump", dir.toString(), "--from-time", fromTime, "--to-time", toTime).lines())
            .hasSize(3).first().asString().contains("keys=k20 ");
    }

    @Test
    void printsOneJsonObjectPerLine() throws IOException {
        List<String> lines = WrittenStore.run("dump", dir.toString(), "--json", "--key", "k4").lines();

        assertThat(lines).hasSize(1);
        JsonNode record = new JsonMapper().readTree(lines.get(0));
        assertThat(record.path("offset").asLong()).isEqualTo(store.records.get(4).physicalOffset);
        assertThat(record.path("topic").asText()).isEqualTo("A");
        assertThat(record.path("queueId").asInt()).isEqualTo(1);
        assertThat(record.path("tags").asText()).isEqualTo("Tag0");
        assertThat(record.path("properties").path("KEYS").asText()).isEqualTo("k4");
        assertThat(record.path("bodyIntact").asBoolean()).isTrue();
    }
}
