package io.apogee.perf.compare;

import java.util.ArrayList;
import java.util.List;

/** The scenarios of a comparison, each a set of {@code apogee perf} options. Immutable. */
enum Scenario {
    /** Produce only: 1 KiB, sync, 32 threads. */
    A("produce only, 1 KiB, sync, 32 threads", false, false) {
        @Override
        List<String> options(int seconds, int catchUpMessages) {
            return List.of("--producers", "32", "--size", "1024", "--send", "sync", "--duration", Integer.toString(seconds));
        }
    },
    /** As A with one consumer group attached: consume TPS is what counts. */
    B("as (a) with one consumer group attached", false, false) {
        @Override
        List<String> options(int seconds, int catchUpMessages) {
            List<String> options = new ArrayList<>(A.options(seconds, catchUpMessages));
            options.addAll(List.of("--consumers", "1"));
            return options;
        }
    },
    /** Batches of 32 x 1 KiB, 8 threads. */
    C("batches of 32 x 1 KiB, sync, 8 threads", false, false) {
        @Override
        List<String> options(int seconds, int catchUpMessages) {
            return List.of("--producers", "8", "--batch", "32", "--size", "1024", "--send", "sync", "--duration",
                Integer.toString(seconds));
        }
    },
    /**
     * Catch-up: messages of 100 B preloaded in batches, read three times by groups that warm up client and broker (not
     * measured: one read left the JIT compiling through the measured read, which lasts about a second), then by one
     * fresh group from the first offset.
     */
    D("catch-up: 100 B preloaded and read three times to warm up, then one fresh group from the first offset", false, false) {
        @Override
        List<String> options(int seconds, int catchUpMessages) {
            return List.of("--producers", "8", "--batch", "32", "--size", "100", "--send", "sync", "--messages",
                Integer.toString(catchUpMessages), "--consumers", "1", "--from", "first", "--consume-after-send",
                "--warm-reads", Integer.toString(WARM_READS));
        }
    },
    /** As A on a broker that flushes before answering. */
    E("as (a) with SYNC_FLUSH", true, false) {
        @Override
        List<String> options(int seconds, int catchUpMessages) {
            return A.options(seconds, catchUpMessages);
        }
    },
    /** Timer messages due 2 s after their send, with a consumer group: how late each arrives is what counts. */
    F("timer messages due 2 s after their send, 1 KiB, sync, 8 threads, one consumer group", false, false) {
        @Override
        List<String> options(int seconds, int catchUpMessages) {
            return List.of("--producers", "8", "--size", "1024", "--send", "sync", "--duration", Integer.toString(seconds),
                "--consumers", "1", "--deliver-after", Long.toString(TIMER_DELAY_MILLIS));
        }
    },
    /** As C with one consumer group attached: batches sent and consumed, consume TPS is what counts. */
    G("batches of 32 x 1 KiB, sync, 8 threads, with one consumer group attached", false, false) {
        @Override
        List<String> options(int seconds, int catchUpMessages) {
            List<String> options = new ArrayList<>(C.options(seconds, catchUpMessages));
            options.addAll(List.of("--consumers", "1"));
            return options;
        }
    },
    /** As A with both brokers taking TLS only and every client of the run connecting over TLS. */
    H("as (a) over TLS: both brokers in tls.server.mode=enforcing, every client over TLS", false, true) {
        @Override
        List<String> options(int seconds, int catchUpMessages) {
            List<String> options = new ArrayList<>(A.options(seconds, catchUpMessages));
            options.add("--tls");
            return options;
        }
    },
    /** As A against a SYNC_MASTER and its slave: every send waits for the slave. The broker figures are the master's. */
    I("as (a) against a SYNC_MASTER with one slave (broker figures: the master's)", false, false) {
        @Override
        List<String> options(int seconds, int catchUpMessages) {
            return A.options(seconds, catchUpMessages);
        }

        @Override
        MasterRole masterRole() {
            return MasterRole.SYNC_MASTER;
        }
    },
    /** As A against an ASYNC_MASTER and its slave. The broker figures are the master's. */
    J("as (a) against an ASYNC_MASTER with one slave (broker figures: the master's)", false, false) {
        @Override
        List<String> options(int seconds, int catchUpMessages) {
            return A.options(seconds, catchUpMessages);
        }

        @Override
        MasterRole masterRole() {
            return MasterRole.ASYNC_MASTER;
        }
    };

    /** The delay of scenario (f)'s timer messages. */
    static final long TIMER_DELAY_MILLIS = 2_000;
    /** Unmeasured reads of (d)'s backlog before the measured one, as {@code perf stream-compare} makes. */
    static final int WARM_READS = 3;

    private final String description;
    private final boolean syncFlush;
    private final boolean tls;

    Scenario(String description, boolean syncFlush, boolean tls) {
        this.description = description;
        this.syncFlush = syncFlush;
        this.tls = tls;
    }

    /** The perf options of this scenario, sending for {@code seconds} (catch-up: {@code catchUpMessages}). */
    abstract List<String> options(int seconds, int catchUpMessages);

    /** What the scenario does, for the table. */
    String description() {
        return description;
    }

    /** Whether the broker runs with SYNC_FLUSH. */
    boolean syncFlush() {
        return syncFlush;
    }

    /** Whether both brokers take TLS only, so that the probe and every client of the run connect over TLS. */
    boolean tls() {
        return tls;
    }

    /** The master's role when the scenario runs a master-slave pair of each broker, or null for a single broker. */
    MasterRole masterRole() {
        return null;
    }

    /** The letter the table shows, "a" to "j". */
    String letter() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Whether consume TPS is the scenario's figure. */
    boolean consumes() {
        return this == B || this == D || this == F || this == G;
    }
}
