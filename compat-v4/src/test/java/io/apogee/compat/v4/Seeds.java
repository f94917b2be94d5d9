package io.apogee.compat.v4;

import java.util.SplittableRandom;

/**
 * Seeds for the randomized tests: a fresh one per run, printed so that a failure can be replayed with
 * {@code -Dapogee.seed=<seed>} (the same property as the wire module's tests; the surefire report holds the line).
 */
final class Seeds {
    static final String PROPERTY = "apogee.seed";

    private Seeds() {
    }

    static SplittableRandom random(String test) {
        String fixed = System.getProperty(PROPERTY);
        long seed = fixed != null ? Long.parseLong(fixed) : System.nanoTime() * 0x9E3779B97F4A7C15L;
        System.out.println(test + ": seed " + seed + " (replay with -D" + PROPERTY + "=" + seed + ")");
        return new SplittableRandom(seed);
    }
}
