package io.apogee.cli.store;

import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.wire.message.record.StoredRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * A small store written by Apogee's MessageStore for the tools' tests: 4 KiB log files (so records span several
 * files and each full file ends with a blank marker), 30 records of 300 bytes on A/0, A/1 and B/0, one second
 * apart, each with a tag and a key, and the broker's topic and offset tables beside them.
 */
final class WrittenStore {
    static final int SEGMENT_SIZE = 4096;
    static final int RECORDS = 30;
    static final int RECORD_SIZE = 300;
    static final int BODY_AT = StoredRecord.bodyOffset(0);

    final Path root;
    final List<TestRecord> records = new ArrayList<>();

    private WrittenStore(Path root) {
        this.root = root;
    }

    static WrittenStore write(Path root) throws IOException {
        WrittenStore written = new WrittenStore(root);
        try (StoreFixture fixture = new StoreFixture(root, FlushMode.ASYNC, SEGMENT_SIZE, 16)) {
            for (int i = 0; i < RECORDS; i++) {
                String topic = i % 3 == 2 ? "B" : "A";
                int queue = i % 3 == 1 ? 1 : 0;
                TestRecord record = new TestRecord().set(topic, queue, RECORD_SIZE, "Tag" + (i % 2)).keys("k" + i);
                fixture.store.submit(record.request());
                fixture.drain();
                fixture.clock.advanceMillis(1000);
                written.records.add(record);
            }
            fixture.internals.flusher().flushAll();
        }
        Files.writeString(root.resolve("config/topics.conf"), "# apogee topics v1\n"
            + "A\t2\t2\t6\tSINGLE_TAG\t0\tfalse\nB\t1\t1\t6\tSINGLE_TAG\t0\tfalse\n", StandardCharsets.UTF_8);
        Files.writeString(root.resolve("config/consumer-offsets.conf"), "# apogee consumer-offsets v1\n"
            + "g1\tA\t1\t3\ng1\tB\t0\t2\n", StandardCharsets.UTF_8);
        return written;
    }

    /** The commit-log file holding physical offset {@code offset}. */
    Path logFile(long offset) {
        return root.resolve("commitlog").resolve(String.format(Locale.ROOT, "%020d", offset / SEGMENT_SIZE * SEGMENT_SIZE));
    }

    /** The position of physical offset {@code offset} inside its file. */
    static int position(long offset) {
        return (int) (offset % SEGMENT_SIZE);
    }

    /** Runs {@code apogee store ARGS}. */
    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine line = StoreCommand.commandLine();
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        int code = line.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    /** What a command printed and its exit code. */
    record Run(int code, String out, String err) {
        List<String> lines() {
            return out.isEmpty() ? List.of() : List.of(out.split("\n"));
        }
    }
}
