package io.apogee.wire.frame;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Seeds for the randomized tests: a fresh one per run, printed so that a failure can be replayed with
 * {@code -Dapogee.seed=<seed>} (the surefire report of the test holds the printed line).
 */
final class Seeds {
    static final String PROPERTY = "apogee.seed";

    private Seeds() {
    }

    static long seed(String test) {
        String fixed = System.getProperty(PROPERTY);
        long seed = fixed != null ? Long.parseLong(fixed) : ThreadLocalRandom.current().nextLong();
        System.out.println(test + ": seed " + seed + " (replay with -D" + PROPERTY + "=" + seed + ")");
        return seed;
    }
}
