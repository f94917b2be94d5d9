package io.apogee.bench;

import io.apogee.store.commitlog.FlushMode;
import java.util.Locale;

/**
 * The options of {@link StoreLoad}, parsed from {@code --name value} pairs.
 *
 * <p>Immutable.
 *
 * @param mode          the flush mode
 * @param writers       writer threads
 * @param bodySize      body bytes per record
 * @param window        requests each writer keeps in flight
 * @param queues        queues of the topic the writers spread over
 * @param seconds       measured seconds
 * @param warmupSeconds seconds of load before measuring
 * @param baseline      whether to measure one writer syncing each 4 KiB write instead of the store
 */
record StoreLoadOptions(FlushMode mode, int writers, int bodySize, int window, int queues, int seconds,
    int warmupSeconds, boolean baseline) {
    static final String USAGE = """
        StoreLoad [--mode ASYNC|SYNC] [--writers N] [--size BODY_BYTES] [--window N] [--queues N] [--seconds N]
                  [--warmup N] [--baseline]
          --mode     flush mode (ASYNC)          --writers  writer threads (4)
          --size     body bytes (1024)           --window   requests in flight per writer (256 ASYNC, 1 SYNC)
          --queues   queues written (8)          --seconds  measured seconds (10); --warmup seconds before (3)
          --baseline one writer, 4 KiB write + FileChannel.force(false) each, instead of the store
          -Dstore.dir=DIR puts the store (or the baseline file) in DIR (default: java.io.tmpdir)""";

    /** Parses {@code args}; null when help was asked for. */
    static StoreLoadOptions parse(String[] args) {
        FlushMode mode = FlushMode.ASYNC;
        int writers = 4;
        int size = 1024;
        int window = 0;
        int queues = 8;
        int seconds = 10;
        int warmup = 3;
        boolean baseline = false;
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals("--help") || name.equals("-h")) {
                return null;
            }
            if (name.equals("--baseline")) {
                baseline = true;
                continue;
            }
            if (i + 1 == args.length) {
                throw new IllegalArgumentException("missing value after " + name + "\n" + USAGE);
            }
            String value = args[++i];
            switch (name) {
                case "--mode" -> mode = FlushMode.valueOf(value.toUpperCase(Locale.ROOT));
                case "--writers" -> writers = positive(name, value);
                case "--size" -> size = positive(name, value);
                case "--window" -> window = positive(name, value);
                case "--queues" -> queues = positive(name, value);
                case "--seconds" -> seconds = positive(name, value);
                case "--warmup" -> warmup = Integer.parseInt(value);
                default -> throw new IllegalArgumentException("unknown option " + name + "\n" + USAGE);
            }
        }
        if (window == 0) {
            window = mode == FlushMode.SYNC ? 1 : 256;
        }
        return new StoreLoadOptions(mode, writers, size, window, queues, seconds, warmup, baseline);
    }

    private static int positive(String name, String value) {
        int parsed = Integer.parseInt(value);
        if (parsed < 1) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
        return parsed;
    }
}
